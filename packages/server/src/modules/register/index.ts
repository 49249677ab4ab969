import type { FastifyInstance } from 'fastify';
import { registerEndpoints as registerExportEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { registerHandlers } from './register.routes.js';

/** The plant-protection register's exports (issue 22). */
export async function registerModule(app: FastifyInstance) {
  registerEndpoints(app, registerExportEndpoints, registerHandlers);
}
