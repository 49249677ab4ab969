import type { stickyTrapsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as traps from './sticky-traps.service.js';

export const stickyTrapsHandlers: Handlers<typeof stickyTrapsEndpoints> = {
  checkForStickytrap: ({ app, user, input }) => traps.checkForStickytrap(app, user, input.GridBoxID),
  getStickyTrapResponsesByGridboxDate: ({ app, user, input }) => traps.boxReadings(app, user, input),
  getStickyTrapResponsesGrid: ({ app, user, input }) => traps.gridLatest(app, user, input),
};
