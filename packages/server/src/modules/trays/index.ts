import type { FastifyInstance } from 'fastify';
import { traysEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { traysHandlers } from './trays.routes.js';

export async function traysModule(app: FastifyInstance) {
  registerEndpoints(app, traysEndpoints, traysHandlers);
}
