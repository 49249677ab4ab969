import type { FastifyInstance } from 'fastify';
import { thresholdsEndpoints } from '@verdant/contract';
import { registerEndpoints, type Handlers } from '../../plugins/contract-routes.js';
import { deleteThreshold, listRoomLevels, listThresholds, saveThreshold } from './thresholds.service.js';
import { crossingsForBoxes } from './thresholds.crossings.js';

export { evaluateThresholds, roomLevels, roomThresholdLevels } from './thresholds.evaluate.js';
export { ownCrossingIds } from './thresholds.crossings.js';

const handlers: Handlers<typeof thresholdsEndpoints> = {
  getActionThresholds: async ({ app, user }) => ({ status: 'success' as const, thresholds: await listThresholds(app, user.company_id) }),
  saveActionThreshold: ({ app, user, input }) => saveThreshold(app, user, input),
  getRoomThresholdLevels: ({ app, user }) => listRoomLevels(app, user.company_id),
  getThresholdCrossingsForBoxes: ({ app, user, input }) => crossingsForBoxes(app, user, input),
  deleteActionThreshold: ({ app, user, input }) => deleteThreshold(app, user, input.threshold_id),
};

/** Action thresholds (docs/decisions.md, "Action thresholds"); evaluated by the observation write (thresholds.evaluate.ts). */
export async function thresholdsModule(app: FastifyInstance) {
  registerEndpoints(app, thresholdsEndpoints, handlers);
}
