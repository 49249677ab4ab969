import type { FastifyInstance } from 'fastify';
import { gridsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { onRoomDeleted } from '../rooms/index.js';
import { gridsHandlers } from './grids.routes.js';
import { deleteGridsOfRoom } from './grids.service.js';

export {
  requireGrid, createGrid, addGridToRoom, gridBackgrounds, setBoxCulled, setBoxName, markGridScanned, clearScannedGrids,
  lockBoxLooks, setBoxLooks, lockBoxFactsOfGrids, setBoxFacts, removeGrid,
} from './grids.service.js';
export type { BoxLook, BoxFacts } from './grids.repository.js';

export async function gridsModule(app: FastifyInstance) {
  registerEndpoints(app, gridsEndpoints, gridsHandlers);
  // Grids own their table: a deleted room's grids are deleted here, in the room delete's transaction.
  onRoomDeleted(deleteGridsOfRoom);
}
