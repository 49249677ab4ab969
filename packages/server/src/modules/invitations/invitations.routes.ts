import type { invitationsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { createInvitation, invitationStatus, pendingInvitations } from './invitations.service.js';

export const invitationsHandlers: Handlers<typeof invitationsEndpoints> = {
  createInvitation: ({ app, user, input }) => createInvitation(app, user, input),
  pendingInvitations: ({ app, input }) => pendingInvitations(app, input.company_id),
  invitationStatus: async ({ app, input, req }) => ({ status: 'success' as const, invitation: await invitationStatus(app, input.invite_token, req.ip) }),
};
