import { z } from 'zod';
import { ADMIN_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Email, NonEmpty } from '../common/fields.js';
import { RoleSchema, UserRoleSchema } from '../auth/auth.schemas.js';

export const Invitation = z.object({
  invitation_id: z.number(),
  company_id: z.number(),
  email: z.string(),
  role: UserRoleSchema,
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

/**
 * What an invitation link says before anyone signs up with it. Only a usable (valid) invitation
 * reveals its e-mail; an expired one names who sent it, so the invitee knows whom to ask for a new
 * one; a used or unknown one reveals nothing else.
 */
export const InvitationState = z.enum(['valid', 'used', 'expired', 'unknown']);
export type InvitationState = z.infer<typeof InvitationState>;

export const InvitationStatus = z.object({
  state: InvitationState,
  email: z.string().nullable(),
  inviter_name: z.string().nullable(),
  inviter_email: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type InvitationStatus = z.infer<typeof InvitationStatus>;

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
  invitationStatus: defineEndpoint({
    id: 'invitationStatus',
    domain: 'invitations',
    method: 'GET',
    path: '/invitation_status',
    summary:
      "Verdant extension: the state of an invitation link (valid, used, expired, unknown) for the sign-up page; a valid one reveals its e-mail and inviter's name, an expired one whom to ask. Unknown tokens count against the caller's address like failed sign-ins",
    auth: { kind: 'public' },
    tenancy: { none: true },
    query: z.object({ invite_token: NonEmpty }),
    response: success({ invitation: InvitationStatus }),
  }),
};
