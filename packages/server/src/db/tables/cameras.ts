import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

/** Fixed cameras: see migration 2026_11_27_0600_cameras. */

export interface CameraTable {
  camera_id: Generated<number>;
  company_id: number;
  grid_id: number;
  name: string;
  token_hash: string;
  token_hint: string;
  token_created_at: Timestamp;
  token_revoked_at: Timestamp | null;
  last_ingest_at: Timestamp | null;
  created_at: Timestamp;
  created_by: number | null;
}

export interface CameraScanTable {
  camera_id: number;
  scan_id: number;
  company_id: number;
  captured_at: Timestamp;
}
