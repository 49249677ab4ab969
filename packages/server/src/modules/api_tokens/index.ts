import type { FastifyInstance } from 'fastify';
import { apiTokensEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { acceptApiTokens } from '../../plugins/auth.js';
import { apiTokensHandlers } from './api-tokens.routes.js';
import { findApiTokenHolder } from './api-tokens.service.js';

export async function apiTokensModule(app: FastifyInstance) {
  registerEndpoints(app, apiTokensEndpoints, apiTokensHandlers);
  acceptApiTokens(app.db, (db, token) => findApiTokenHolder(db, token));
}
