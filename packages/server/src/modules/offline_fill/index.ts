import type { FastifyInstance } from 'fastify';
import { offlineFillEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { offlineFillHandlers } from './offline-fill.routes.js';

/** The offline fill's bulk reads (issue 19): a room, or many batches, per answer. */
export async function offlineFillModule(app: FastifyInstance) {
  registerEndpoints(app, offlineFillEndpoints, offlineFillHandlers);
}
