import type { FastifyInstance } from 'fastify';
import { bulkEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { bulkHandlers } from './bulk.routes.js';

export async function bulkModule(app: FastifyInstance) {
  registerEndpoints(app, bulkEndpoints, bulkHandlers);
}
