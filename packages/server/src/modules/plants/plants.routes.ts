import type { plantsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { sendJsonText } from '../rooms/index.js';
import { batchesOfPlant, linkPlantsToBatch, plantsOfBatchText } from './plants.service.js';

export const plantsHandlers: Handlers<typeof plantsEndpoints> = {
  linkPlantsToBatch: ({ app, user, input }) => linkPlantsToBatch(app, user, input),
  getAllBatchesLinkedToPlant: ({ app, user, input }) => batchesOfPlant(app, user, input.plant_uid, input.include_harvested),
  getAllPlantsLinkedToBatch: async ({ app, user, input, req, reply }) =>
    sendJsonText(app, req, reply, await plantsOfBatchText(app, user, input.batch_id, input.include_harvested)),
};
