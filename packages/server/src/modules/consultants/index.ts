import type { FastifyInstance } from 'fastify';
import { consultantsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { consultantsHandlers } from './consultants.routes.js';
import { enforceConsultantScope } from './consultants.service.js';

export async function consultantsModule(app: FastifyInstance) {
  // A consultant reaches only the rooms granted to them, on every endpoint of every module.
  app.callerGuards.push(enforceConsultantScope);
  registerEndpoints(app, consultantsEndpoints, consultantsHandlers);
}
