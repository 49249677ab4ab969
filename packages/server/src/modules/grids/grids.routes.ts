import type { gridsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as grids from './grids.service.js';

export const gridsHandlers: Handlers<typeof gridsEndpoints> = {
  createGrid: ({ app, user, input }) => grids.createGrid(app, user, input),
  deleteGrid: ({ app, user, input }) => grids.deleteGrid(app, user, input.grid_id),
  setGridCellSize: ({ app, user, input }) => grids.setGridCellSize(app, user, input.grid_id, input.cell_area_m2),
  uploadGridImage: ({ app, user, input }) => grids.uploadGridImage(app, user, input.GridID, input.image),
  getGridBackground: ({ app, user, input }) => grids.gridBackgrounds(app, user, input.RoomID),
};
