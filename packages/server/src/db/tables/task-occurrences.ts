import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-types.js';

/** One made occurrence of a recurring task: see migration 2026_11_27_0200_ai_commands_task_occurrences. */
export interface TaskOccurrenceTable {
  task_template_id: number;
  /** The company-local date, read as 'YYYY-MM-DD' text. */
  occurrence_date: ColumnType<string, string, string>;
  company_id: number;
  due_at: Timestamp;
  response_id: number | null;
  created_at: Timestamp;
}
