import { z } from 'zod';
import { ADMIN_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Email } from '../common/fields.js';
import { RoleSchema } from '../auth/auth.schemas.js';

export const Invitation = z.object({
  invitation_id: z.number(),
  company_id: z.number(),
  email: z.string(),
  role: RoleSchema,
  invited_by: z.number().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});

export const invitationsMessages = {
  missingCompany: 'Missing required parameter: companyID',
  fetchFailed: 'Failed to fetch pending invitations',
  unexpected: 'Unexpected response from server',
  created: 'Invitation sent.',
  mailFailed: 'Invitation created, but the e-mail could not be sent. Share the sign-up link yourself.',
  alreadyUser: 'A user with this e-mail address already exists.',
  superAdminByAdmin: 'Only a SuperAdmin can invite another SuperAdmin.',
} as const;

export const invitationsEndpoints = {
  createInvitation: defineEndpoint({
    id: 'createInvitation',
    domain: 'invitations',
    method: 'POST',
    path: '/create_invitation',
    summary: 'Invite a colleague by e-mail (Admin); mails a /signUp?invite_token=… link',
    auth: { kind: 'user', roles: ADMIN_ROLES },
    tenancy: { company: ['company_id'] },
    body: {
      kind: 'any',
      schema: z.object({ company_id: CompanyId, email: Email, role: RoleSchema.default('Regular') }),
    },
    response: success({ message: z.string(), invite_token: z.string(), invitation: Invitation }),
    // The answer holds the raw token, which must exist only as a hash at rest; a repeat just replaces the invitation.
    idempotent: false,
  }),
  pendingInvitations: defineEndpoint({
    id: 'pendingInvitations',
    domain: 'invitations',
    method: 'GET',
    path: '/pending_invitations',
    summary: 'Invitations not yet used and not expired (an array)',
    auth: { kind: 'user', roles: ADMIN_ROLES },
    tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: z.array(Invitation),
    clientMessages: invitationsMessages,
  }),
};
