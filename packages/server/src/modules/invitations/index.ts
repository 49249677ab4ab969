import type { FastifyInstance } from 'fastify';
import { invitationsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { invitationsHandlers } from './invitations.routes.js';

export { emailHasAccount, issueInvitation, mailInvitation, type IssueInvitation } from './invitations.service.js';

export async function invitationsModule(app: FastifyInstance) {
  registerEndpoints(app, invitationsEndpoints, invitationsHandlers);
}
