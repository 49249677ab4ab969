import type { searchEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './search.service.js';

export const searchHandlers: Handlers<typeof searchEndpoints> = {
  searchPlantsAutocomplete: ({ app, user, input }) => service.autocomplete(app, user, input),
  searchPlants: ({ app, user, input }) => service.searchPlants(app, user, input),
};
