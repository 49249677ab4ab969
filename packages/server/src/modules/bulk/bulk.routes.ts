import type { bulkEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as bulk from './bulk.service.js';

export const bulkHandlers: Handlers<typeof bulkEndpoints> = {
  bulkUpdateGridBoxes: ({ app, user, input }) => bulk.updateGridBoxes(app, user, input),
  bulkUpdateObservations: ({ app, user, input }) => bulk.updateObservations(app, user, input),
  bulkUpdateTasks: ({ app, user, input }) => bulk.updateTasks(app, user, input),
  undoBulkChange: ({ app, user, input }) => bulk.undoChange(app, user, input.change_id),
};
