import type { FastifyInstance } from 'fastify';
import { treatmentsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { treatmentsHandlers } from './treatments.routes.js';

export async function treatmentsModule(app: FastifyInstance) {
  registerEndpoints(app, treatmentsEndpoints, treatmentsHandlers);
}
