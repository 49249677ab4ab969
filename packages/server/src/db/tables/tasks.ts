import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** Tasks and task automations: see migration 2026_11_26_0800_tasks. */

export interface TaskTable {
  response_id: number;
  company_id: number;
  title: Generated<string>;
  description: Generated<string>;
  assignee_id: number | null;
  task_template_id: number | null;
  updated_by: number | null;
  updated_at: Timestamp;
  deleted_at: Date | null;
}

export interface TaskTemplateTable {
  task_template_id: Generated<number>;
  company_id: number;
  template_id: number;
  title: string;
  description: Generated<string>;
  assignee_id: number | null;
  frequency: 'daily' | 'weekly' | 'weekdays';
  weekdays: Json<number[]>;
  time_of_day: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
}
