import type { observationsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { listObservations } from './observation-list.service.js';

/** Verdant extension: the list behind the `observations` screen. */
export const observationListHandlers: Handlers<typeof observationsEndpoints> = {
  getProblemObservations: ({ app, user, input }) => listObservations(app, user, input),
};
