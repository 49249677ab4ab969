import type { z } from 'zod';
import type { UserSummary } from '@verdant/contract';
import type { UserProfileRow } from './users.repository.js';
import { iso } from '../../lib/iso.js';

export function toUserSummary(row: UserProfileRow): z.infer<typeof UserSummary> {
  return {
    user_id: row.user_id,
    company_id: row.company_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    user_role: row.user_role,
    location: row.location,
    created_at: iso(row.created_at),
    active: row.active,
    spray_licence_number: row.spray_licence_number,
  };
}
