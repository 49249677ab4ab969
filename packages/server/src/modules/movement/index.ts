import type { FastifyInstance } from 'fastify';
import { movementEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { movementHandlers } from './movement.routes.js';

export async function movementModule(app: FastifyInstance) {
  registerEndpoints(app, movementEndpoints, movementHandlers);
}
