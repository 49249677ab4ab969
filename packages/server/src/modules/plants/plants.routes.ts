import type { plantsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { streamJsonText } from '../rooms/index.js';
import { batchesOfPlant, linkPlantsToBatch, plantsOfBatchText } from './plants.service.js';

async function* once(text: string) {
  yield text;
}

export const plantsHandlers: Handlers<typeof plantsEndpoints> = {
  linkPlantsToBatch: ({ app, user, input }) => linkPlantsToBatch(app, user, input),
  getAllBatchesLinkedToPlant: ({ app, user, input }) => batchesOfPlant(app, user, input.plant_uid, input.include_harvested),
  getAllPlantsLinkedToBatch: async ({ app, user, input, reply }) =>
    streamJsonText(app, reply, once(await plantsOfBatchText(app, user, input.batch_id, input.include_harvested))),
};
