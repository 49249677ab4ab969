import type { FastifyInstance } from 'fastify';
import { scoutingCoverageEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { scoutingCoverageHandlers } from './scouting-coverage.routes.js';

export async function scoutingCoverageModule(app: FastifyInstance) {
  registerEndpoints(app, scoutingCoverageEndpoints, scoutingCoverageHandlers);
}
