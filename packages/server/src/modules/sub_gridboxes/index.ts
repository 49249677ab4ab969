import type { FastifyInstance } from 'fastify';
import { subGridboxesEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { subGridboxesHandlers } from './sub-gridboxes.routes.js';

export { listSubGridboxes, listSubGridboxesOfBoxes } from './sub-gridboxes.service.js';

export async function subGridboxesModule(app: FastifyInstance) {
  registerEndpoints(app, subGridboxesEndpoints, subGridboxesHandlers);
}
