import type { FastifyInstance } from 'fastify';
import { gridBoxesEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { gridBoxesHandlers } from './grid-boxes.routes.js';

export { updateCulling, renameGridBox } from './grid-boxes.service.js';

export async function gridBoxesModule(app: FastifyInstance) {
  registerEndpoints(app, gridBoxesEndpoints, gridBoxesHandlers);
}
