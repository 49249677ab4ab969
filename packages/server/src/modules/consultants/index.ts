import type { FastifyInstance } from 'fastify';
import { consultantsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { consultantsHandlers } from './consultants.routes.js';

export async function consultantsModule(app: FastifyInstance) {
  registerEndpoints(app, consultantsEndpoints, consultantsHandlers);
}
