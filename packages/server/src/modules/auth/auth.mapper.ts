import type { SessionUser } from '@verdant/contract';
import type { UserRow } from './auth.repository.js';

export function toSessionUser(row: UserRow): SessionUser {
  return {
    user_id: row.user_id,
    company_id: row.company_id,
    user_role: row.user_role,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
  };
}
