import type { Generated } from 'kysely';
import type { ScanKind, ScanStatus, ScanType, DetectionReview } from '@verdant/contract';
import type { Json, Timestamp } from './column-types.js';

/** Photo scans: see migration 2026_11_27_0500_scans. */

export interface ScanTable {
  scan_id: Generated<number>;
  company_id: number;
  scan_type: ScanType;
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  ai_model: string;
  engine: string;
  engine_version: string;
  model: string;
  model_version: string;
  kind: ScanKind;
  status: ScanStatus;
  client_analysis: Json<Record<string, unknown>> | null;
  captured_at: Timestamp;
  created_at: Timestamp;
  created_by: number | null;
}

export interface ScanImageTable {
  scan_image_id: Generated<number>;
  company_id: number;
  scan_id: number;
  position: number;
  image_key: string;
  thumb_key: string;
  width: number;
  height: number;
  kind: ScanKind;
  analysis: Json<Record<string, unknown>>;
}

export interface ScanDetectionTable {
  detection_id: Generated<number>;
  company_id: number;
  scan_id: number;
  scan_image_id: number;
  label: string;
  problem_id: number | null;
  problem: string | null;
  confidence: number;
  affected_percent: number | null;
  count: number | null;
  severity: number | null;
  regions: Json<unknown[]>;
  observation_id: number | null;
  review: Generated<DetectionReview>;
  corrected_problem_id: number | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  /** 'reviewer' for a problem the engine missed (migration 2026_11_29_0200_scan_corrections). */
  origin: Generated<'engine' | 'reviewer'>;
  /** The reviewer's answer beside the engine's: null = the engine's stands. */
  reviewed_count: number | null;
  reviewed_affected_percent: number | null;
  reviewed_regions: Json<unknown[]> | null;
}
