import type { FastifyInstance } from 'fastify';
import { usersEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { usersHandlers } from './users.routes.js';

export async function usersModule(app: FastifyInstance) {
  registerEndpoints(app, usersEndpoints, usersHandlers);
}
