import type { problemColorsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as colors from './problem-colors.service.js';

export const problemColorsHandlers: Handlers<typeof problemColorsEndpoints> = {
  getProblemColorMappings: ({ app, user, input }) => colors.getMappings(app, user, input.company_id),
  mapProblemColor: ({ app, user, input }) => colors.mapProblemColor(app, user, input),
  deleteProblemColorMapping: ({ app, user, input }) => colors.deleteMapping(app, user, input),
};
