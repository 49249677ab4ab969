import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

/** Action thresholds and their crossings (migrations/2026_11_27_0700_action_thresholds.ts). */

export interface ActionThresholdTable {
  threshold_id: Generated<number>;
  company_id: number;
  problem: string;
  room_id: number | null;
  crop_status: string | null;
  metric: 'count' | 'severity';
  window_hours: number;
  amber: number;
  red: number;
  notification_id: number | null;
  /** migrations/2026_11_27_0900_threshold_tasks.ts */
  create_task: Generated<boolean>;
  assign_to: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface ThresholdCrossingTable {
  crossing_id: Generated<number>;
  company_id: number;
  threshold_id: number;
  level: 'amber' | 'red';
  room_id: number | null;
  room_key: number;
  window_start: Timestamp;
  window_end: Timestamp;
  value: number;
  created_at: Timestamp;
  /** The task the crossing made (its response id), when the threshold asks for one. */
  task_id: number | null;
}
