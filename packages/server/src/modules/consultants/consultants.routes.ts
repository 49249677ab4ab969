import type { consultantsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as consultants from './consultants.service.js';

export const consultantsHandlers: Handlers<typeof consultantsEndpoints> = {
  getConsultants: ({ app, user, input }) => consultants.listConsultants(app, user, input.company_id),
  inviteConsultant: ({ app, user, input }) => consultants.inviteConsultant(app, user, input),
  updateConsultantRooms: ({ app, user, input }) => consultants.updateConsultantRooms(app, user, input),
  revokeConsultant: ({ app, user, input }) => consultants.revokeConsultant(app, user, input),
  getConsultantRooms: ({ app, user, input }) => consultants.consultantRooms(app, user, input.company_id),
};
