import type { FastifyInstance } from 'fastify';
import { tasksEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { tasksHandlers } from './tasks.routes.js';

export async function tasksModule(app: FastifyInstance) {
  registerEndpoints(app, tasksEndpoints, tasksHandlers);
}
