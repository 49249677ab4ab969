import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** An import run in the background (migration 2026_12_04_0300_import_jobs); `result` is the import's answer when done. */
export interface ImportJobTable {
  company_id: number;
  job_id: Generated<number>;
  user_id: number;
  user_role: string;
  kind: 'facility' | 'observations';
  dry_run: boolean;
  file_name: string;
  file_key: string | null;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  rows_total: number;
  /** Lines read so far, written by the running process about once a second (migration 2026_12_05_0400). */
  rows_done: Generated<number>;
  result: Json<unknown> | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Date | null;
}
