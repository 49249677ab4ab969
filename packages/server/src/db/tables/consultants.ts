import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

/** Outside advisers' grants and the rooms they open (migrations/2026_11_27_0400_consultants.ts). */

export interface ConsultantTable {
  consultant_id: Generated<number>;
  company_id: number;
  email: string;
  name: string;
  invitation_id: number | null;
  invited_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
}

export interface ConsultantRoomTable {
  consultant_id: number;
  room_id: number;
  company_id: number;
}
