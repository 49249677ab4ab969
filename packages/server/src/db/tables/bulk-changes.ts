import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** One record of a bulk change: its id and its values before and after (migration 2026_12_02_0500_bulk_changes). */
export interface BulkRecord {
  id: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface BulkChangeTable {
  company_id: number;
  change_id: Generated<number>;
  user_id: number;
  kind: 'grid_boxes' | 'observations' | 'tasks';
  action: string;
  records: Json<BulkRecord[]>;
  created_at: Timestamp;
  undone_at: Date | null;
  undone_by: number | null;
}
