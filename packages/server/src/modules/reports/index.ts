import type { FastifyInstance } from 'fastify';
import { reportsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { reportsHandlers } from './reports.routes.js';

export async function reportsModule(app: FastifyInstance) {
  registerEndpoints(app, reportsEndpoints, reportsHandlers);
}
