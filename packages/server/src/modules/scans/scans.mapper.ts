import { gridBoxDisplayName, ScanRegion, type ScanDetails, type ScanDetection, type ScanImage, type ScanSummary } from '@verdant/contract';
import { z } from 'zod';
import { fullName } from '../../lib/full-name.js';
import { imageUrl } from '../../lib/images/images.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import type * as repo from './scans.repository.js';

type ImageRow = Awaited<ReturnType<typeof repo.imagesOf>>[number];

/** Regions are written by lib/vision/engine.ts in the contract's shape; read back through the same schema. */
const Regions = z.array(ScanRegion).catch([]);

export const toSummary = (r: repo.ScanRow): ScanSummary => ({
  scan_id: r.scan_id,
  scan_type: r.scan_type,
  status: r.status,
  kind: r.kind,
  RoomID: r.room_id,
  RoomName: r.room_name,
  GridID: r.grid_id,
  GridName: r.grid_name,
  GridBoxID: r.grid_box_id,
  BoxName: r.box_x === null || r.box_y === null ? null : gridBoxDisplayName(r.box_name, r.box_x, r.box_y),
  ai_model: r.ai_model,
  engine: r.engine,
  engine_version: r.engine_version,
  model: r.model,
  model_version: r.model_version,
  image_count: Number(r.image_count ?? 0),
  detection_count: Number(r.detection_count ?? 0),
  problems: r.problems ?? [],
  thumb_url: r.first_thumb ? imageUrl(r.first_thumb) : null,
  captured_at: iso(r.captured_at),
  created_at: iso(r.created_at),
  created_by: r.created_by,
  created_by_name: fullName(r.first_name, r.last_name),
});

export const toImage = (r: ImageRow): ScanImage => ({
  scan_image_id: r.scan_image_id,
  position: r.position,
  image_url: imageUrl(r.image_key),
  thumb_url: imageUrl(r.thumb_key),
  width: r.width,
  height: r.height,
  kind: r.kind,
  analysis: r.analysis,
});

export const toDetection = (r: repo.DetectionRow): ScanDetection => ({
  detection_id: r.detection_id,
  scan_image_id: r.scan_image_id,
  label: r.label,
  problem_id: r.problem_id,
  problem: r.problem,
  confidence: r.confidence,
  affected_percent: r.affected_percent,
  count: r.count,
  severity: r.severity,
  regions: Regions.parse(r.regions),
  review: r.review,
  corrected_problem_id: r.corrected_problem_id,
  corrected_problem: r.corrected_problem,
  reviewed_by: r.reviewed_by,
  reviewed_at: isoOrNull(r.reviewed_at),
  observation_id: r.observation_id,
  observation_status: r.observation_status,
  origin: r.origin,
  reviewed_count: r.reviewed_count,
  reviewed_affected_percent: r.reviewed_affected_percent,
  reviewed_regions: r.reviewed_regions === null ? null : Regions.parse(r.reviewed_regions),
});

export const toDetails = (r: repo.ScanRow, images: ImageRow[], detections: repo.DetectionRow[]): ScanDetails => ({
  ...toSummary(r),
  images: images.map(toImage),
  detections: detections.map(toDetection),
  client_analysis: r.client_analysis,
});
