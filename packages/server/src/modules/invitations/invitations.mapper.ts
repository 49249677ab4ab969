import type { z } from 'zod';
import type { Invitation } from '@verdant/contract';
import type { InvitationRow } from './invitations.repository.js';
import { iso } from '../../lib/iso.js';

export function toInvitation(row: InvitationRow): z.infer<typeof Invitation> {
  return {
    invitation_id: row.invitation_id,
    company_id: row.company_id,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by,
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
  };
}
