import type { invitationsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { createInvitation, pendingInvitations } from './invitations.service.js';

export const invitationsHandlers: Handlers<typeof invitationsEndpoints> = {
  createInvitation: ({ app, user, input }) => createInvitation(app, user, input),
  pendingInvitations: ({ app, input }) => pendingInvitations(app, input.company_id),
};
