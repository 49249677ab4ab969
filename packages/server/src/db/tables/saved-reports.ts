import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** Saved reports and the dashboard's slots: see migration 2026_11_26_0200_saved_reports. */

export interface SavedReportTable {
  report_id: Generated<number>;
  company_id: number;
  report_name: string;
  chart_type: string;
  report_type: string;
  room_ids: Json<number[]>;
  filters: Json<Record<string, unknown>>;
  report_data: Json<unknown[]>;
  data_points: number;
  created_by: number | null;
  created_at: Timestamp;
}

export interface DashboardReportTable {
  company_id: number;
  slot: number;
  report_id: number;
  pinned_by: number | null;
  pinned_at: Timestamp;
}
