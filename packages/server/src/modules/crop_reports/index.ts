import type { FastifyInstance } from 'fastify';
import { cropReportsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { cropReportsHandlers } from './crop-reports.routes.js';

export async function cropReportsModule(app: FastifyInstance) {
  registerEndpoints(app, cropReportsEndpoints, cropReportsHandlers);
}
