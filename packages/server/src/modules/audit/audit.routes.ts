import type { auditEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as audit from './audit.service.js';

export const auditHandlers: Handlers<typeof auditEndpoints> = {
  getAuditEvents: ({ app, user, input }) => audit.listEvents(app, user, input),
  addAuditEvent: ({ app, user, input }) => audit.addNote(app, user, input),
  updateAuditEvent: ({ app, user, input }) => audit.updateNote(app, user, input),
  deleteAuditEvent: ({ app, user, input }) => audit.deleteNote(app, user, input.id),
};
