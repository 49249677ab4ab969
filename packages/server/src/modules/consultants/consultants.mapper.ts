import type { Consultant } from '@verdant/contract';
import { iso } from '../../lib/iso.js';
import type { ConsultantRow } from './consultants.repository.js';

export function toConsultant(row: ConsultantRow, rooms: { room_id: number; name: string }[]): Consultant {
  return {
    consultant_id: row.consultant_id,
    email: row.email,
    name: row.name,
    state: row.user_id === null ? 'invited' : 'active',
    user_id: row.user_id,
    rooms: rooms.map((r) => ({ room_id: r.room_id, name: r.name })),
    invited_by: row.invited_by,
    created_at: iso(row.created_at),
  };
}
