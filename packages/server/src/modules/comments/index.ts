import type { FastifyInstance } from 'fastify';
import { commentsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { commentsHandlers } from './comments.routes.js';

export async function commentsModule(app: FastifyInstance) {
  registerEndpoints(app, commentsEndpoints, commentsHandlers);
}
