import type { FastifyInstance } from 'fastify';
import { companyEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { companyHandlers } from './company.routes.js';

export async function companyModule(app: FastifyInstance) {
  registerEndpoints(app, companyEndpoints, companyHandlers);
}
