import type { FastifyInstance } from 'fastify';
import { scansEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { scansHandlers } from './scans.routes.js';

export async function scansModule(app: FastifyInstance) {
  registerEndpoints(app, scansEndpoints, scansHandlers);
}
