import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

/** Stored AI commands: see migration 2026_11_27_0200_ai_commands_task_occurrences. */
export interface AiCommandTable {
  command_id: Generated<number>;
  company_id: number;
  user_id: number | null;
  command: string;
  created_at: Timestamp;
}
