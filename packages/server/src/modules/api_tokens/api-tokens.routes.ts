import type { apiTokensEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './api-tokens.service.js';

export const apiTokensHandlers: Handlers<typeof apiTokensEndpoints> = {
  createApiToken: ({ app, user, input }) => service.createApiToken(app, user, input),
  getApiTokens: ({ app, user }) => service.getApiTokens(app, user),
  revokeApiToken: ({ app, user, input }) => service.revokeApiToken(app, user, input),
};
