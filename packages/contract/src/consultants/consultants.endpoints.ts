import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Email, Id, NonEmpty } from '../common/fields.js';
import { ListField } from '../common/list-field.js';

/** How many rooms one consultant may be given: far above a real greenhouse, low enough to bound a request. */
export const CONSULTANT_ROOMS_MAX = 500;

export const consultantsMessages = {
  fetchFailed: 'Failed to fetch consultants',
  inviteFailed: 'Failed to invite the consultant',
  updateFailed: "Failed to change the consultant's rooms",
  revokeFailed: "Failed to revoke the consultant's access",
  invited: 'Consultant invited. They can see the chosen rooms once they have signed up.',
  mailFailed: 'Consultant invited, but the e-mail could not be sent. Share the sign-up link yourself.',
  restored: 'Access restored. The consultant can sign in again with their password.',
  roomsChanged: "Consultant's rooms changed.",
  revoked: 'Access revoked. The consultant can no longer sign in.',
  alreadyConsultant: 'This e-mail address already has consultant access; change their rooms instead.',
  staffEmail: 'This e-mail address belongs to a member of staff, who already sees every room.',
  otherCompany: 'This e-mail address belongs to a user of another company.',
  /** The answer a consultant gets from any endpoint not opened to them (consultant-access.ts). */
  notForConsultants: 'Consultants have read-only access to their rooms; this is not available to them.',
  /** A consultant must name one of their rooms where staff may leave the room out (a whole-company read). */
  nameARoom: 'Consultants can only see the rooms they were given: choose one of them.',
  accessEnded: 'Your consultant access has ended. Ask the company that invited you.',
} as const;

export const ConsultantRoom = z.object({ room_id: z.number(), name: z.string() });

export const Consultant = z.object({
  consultant_id: z.number(),
  email: z.string(),
  name: z.string(),
  /** invited: the sign-up link is not used yet; active: the consultant has an account. */
  state: z.enum(['invited', 'active']),
  user_id: z.number().nullable(),
  rooms: z.array(ConsultantRoom),
  invited_by: z.number().nullable(),
  created_at: z.string(),
});
export type Consultant = z.infer<typeof Consultant>;

const RoomIds = ListField(Id, { max: CONSULTANT_ROOMS_MAX, what: 'room ids' }).refine((ids) => ids.length > 0, {
  error: 'must name at least one room',
});

const admins = { kind: 'user', roles: ADMIN_ROLES } as const;

/**
 * Verdant extension: the spec has the consultants screen and no calls. An Admin invites an outside
 * adviser with read-only access to chosen rooms, changes the rooms, revokes the access; a consultant
 * asks which rooms they were given (docs/decisions.md, "Consultants").
 */
export const consultantsEndpoints = {
  getConsultants: defineEndpoint({
    id: 'getConsultants', domain: 'consultants', method: 'GET', path: '/get_consultants',
    summary: 'Consultants of the company with their rooms (invited and active; revoked ones are gone)',
    auth: admins, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ consultants: z.array(Consultant) }),
    clientMessages: { failure: consultantsMessages.fetchFailed },
  }),
  inviteConsultant: defineEndpoint({
    id: 'inviteConsultant', domain: 'consultants', method: 'POST', path: '/invite_consultant',
    summary: 'Invite an outside adviser by e-mail with read-only access to the rooms given (Admin); mails a sign-up link',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    body: {
      kind: 'json',
      schema: z.object({ company_id: CompanyId, email: Email, name: NonEmpty.max(200, { error: 'must be at most 200 characters' }), room_ids: RoomIds }),
    },
    // invite_token is null when the address is a former consultant of the company: their account is switched back on.
    response: success({ message: z.string(), invite_token: z.string().nullable(), consultant: Consultant }),
    // The answer holds the raw invite token, kept at rest only as a hash; a repeat answers 409 (already a consultant).
    idempotent: false,
    clientMessages: { failure: consultantsMessages.inviteFailed },
  }),
  updateConsultantRooms: defineEndpoint({
    id: 'updateConsultantRooms', domain: 'consultants', method: 'POST', path: '/update_consultant_rooms',
    summary: "Replace a consultant's rooms (Admin); takes effect on the consultant's next request",
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, consultant_id: Id, room_ids: RoomIds }) },
    response: success({ message: z.string(), consultant: Consultant }),
    clientMessages: { failure: consultantsMessages.updateFailed },
  }),
  revokeConsultant: defineEndpoint({
    id: 'revokeConsultant', domain: 'consultants', method: 'POST', path: '/revoke_consultant',
    summary: "End a consultant's access (Admin): their sessions end, the account is deactivated, an unused link stops working",
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, consultant_id: Id }) },
    response: success({ message: z.string(), consultant_id: z.number() }),
    clientMessages: { failure: consultantsMessages.revokeFailed },
  }),
  getConsultantRooms: defineEndpoint({
    id: 'getConsultantRooms', domain: 'consultants', method: 'GET', path: '/get_consultant_rooms',
    summary: "The rooms the caller may read: a consultant's granted rooms; every room of the company for staff",
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ rooms: z.array(ConsultantRoom) }),
    clientMessages: { failure: consultantsMessages.fetchFailed },
  }),
};
