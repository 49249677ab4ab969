import type { FastifyInstance } from 'fastify';
import { scoutingEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { scoutingHandlers } from './scouting.routes.js';

export { markScanned, markScannedIn } from './scouting.service.js';

export async function scoutingModule(app: FastifyInstance) {
  registerEndpoints(app, scoutingEndpoints, scoutingHandlers);
}
