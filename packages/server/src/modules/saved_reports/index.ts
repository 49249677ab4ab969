import type { FastifyInstance } from 'fastify';
import { savedReportsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { savedReportsHandlers } from './saved-reports.routes.js';

export async function savedReportsModule(app: FastifyInstance) {
  registerEndpoints(app, savedReportsEndpoints, savedReportsHandlers);
}
