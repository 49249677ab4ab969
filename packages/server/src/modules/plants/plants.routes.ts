import type { plantsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { batchesOfPlant, linkPlantsToBatch, plantsOfBatch } from './plants.service.js';

export const plantsHandlers: Handlers<typeof plantsEndpoints> = {
  linkPlantsToBatch: ({ app, user, input }) => linkPlantsToBatch(app, user, input),
  getAllBatchesLinkedToPlant: ({ app, user, input }) => batchesOfPlant(app, user, input.plant_uid, input.include_harvested),
  getAllPlantsLinkedToBatch: ({ app, user, input }) => plantsOfBatch(app, user, input.batch_id, input.include_harvested),
};
