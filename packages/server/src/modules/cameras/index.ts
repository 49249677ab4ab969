import type { FastifyInstance } from 'fastify';
import { camerasEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { camerasHandlers } from './cameras.routes.js';

export async function camerasModule(app: FastifyInstance) {
  registerEndpoints(app, camerasEndpoints, camerasHandlers);
}
