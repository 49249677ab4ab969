import type { gridBoxesEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as boxes from './grid-boxes.service.js';

export const gridBoxesHandlers: Handlers<typeof gridBoxesEndpoints> = {
  updateCullingStatus: ({ app, user, input }) => boxes.updateCulling(app, user, input),
  getCulledGridboxes: ({ app, user, input }) => boxes.culledGridBoxes(app, user, input.GridID),
  updateGridBoxName: ({ app, user, input }) => boxes.renameGridBox(app, user, input.GridBoxID, input.custom_name, input.expected_custom_name),
  getGridboxesNames: ({ app, user, input }) => boxes.gridBoxNames(app, user, input.GridID),
  getPlantHistoryDate: ({ app, user, input }) => boxes.plantHistory(app, user, input.company_id, input.Grid_boxID),
};
