import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { authHandlers } from './auth.routes.js';

export { hashPassword, verifyPassword, validatePassword } from './passwords.js';
export { changeAccount, endUserSessions, expireAccessTokens, issueSession } from './auth.service.js';

export async function authModule(app: FastifyInstance) {
  registerEndpoints(app, authEndpoints, authHandlers);
}
