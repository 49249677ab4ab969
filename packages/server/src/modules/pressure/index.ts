import type { FastifyInstance } from 'fastify';
import { pressureEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { pressureHandlers } from './pressure.routes.js';

export async function pressureModule(app: FastifyInstance) {
  registerEndpoints(app, pressureEndpoints, pressureHandlers);
}
