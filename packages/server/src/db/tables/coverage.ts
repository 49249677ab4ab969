import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

/** A company's scouting interval (room_id null) or one room's override of it. */
export interface ScoutingFrequencyTable {
  frequency_id: Generated<number>;
  company_id: number;
  room_id: number | null;
  due_every_days: number;
  updated_by: number | null;
  updated_at: Timestamp;
}
