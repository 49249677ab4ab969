import type { FastifyInstance } from 'fastify';
import { stickyTrapsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { stickyTrapsHandlers } from './sticky-traps.routes.js';

export async function stickyTrapsModule(app: FastifyInstance) {
  registerEndpoints(app, stickyTrapsEndpoints, stickyTrapsHandlers);
}
