import type { FastifyInstance } from 'fastify';
import { formResponsesEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { formResponsesHandlers } from './form-responses.routes.js';

export async function formResponsesModule(app: FastifyInstance) {
  registerEndpoints(app, formResponsesEndpoints, formResponsesHandlers);
}
