import type { FastifyInstance } from 'fastify';
import { gridsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { gridsHandlers } from './grids.routes.js';

export {
  requireGrid, createGrid, addGridToRoom, gridBackgrounds, setBoxCulled, setBoxName, markGridScanned, clearScannedGrids,
} from './grids.service.js';

export async function gridsModule(app: FastifyInstance) {
  registerEndpoints(app, gridsEndpoints, gridsHandlers);
}
