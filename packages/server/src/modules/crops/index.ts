import type { FastifyInstance } from 'fastify';
import { cropsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { cropsHandlers } from './crops.routes.js';

export async function cropsModule(app: FastifyInstance) {
  registerEndpoints(app, cropsEndpoints, cropsHandlers);
}

export { cropOfCompany } from './crops.service.js';
