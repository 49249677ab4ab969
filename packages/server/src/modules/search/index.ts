import type { FastifyInstance } from 'fastify';
import { searchEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { searchHandlers } from './search.routes.js';

export async function searchModule(app: FastifyInstance) {
  registerEndpoints(app, searchEndpoints, searchHandlers);
}
