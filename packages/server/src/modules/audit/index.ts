import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { auditHandlers } from './audit.routes.js';

export async function auditModule(app: FastifyInstance) {
  registerEndpoints(app, auditEndpoints, auditHandlers);
}
