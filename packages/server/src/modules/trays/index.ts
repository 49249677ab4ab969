import type { FastifyInstance } from 'fastify';
import { traysEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { traysHandlers } from './trays.routes.js';

export { seedTraysDemo } from './trays-demo.js';

export async function traysModule(app: FastifyInstance) {
  registerEndpoints(app, traysEndpoints, traysHandlers);
}
