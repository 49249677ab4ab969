import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { Id } from '../common/fields.js';
import { Bool } from '../sub_gridboxes/sub-gridboxes.schemas.js';
import { INCLUDE_HARVESTED_DEFAULT, LinkedBatch, LinkedPlant, PlantUid, PlantUids } from './plants.schemas.js';

// Linking plants to a batch is floor work: every role may.
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;

export const plantsEndpoints = {
  linkPlantsToBatch: defineEndpoint({
    id: 'linkPlantsToBatch', domain: 'plants', method: 'POST', path: '/link_plants_to_batch',
    summary: "Link the company's plants (by plant_uid) to a batch that is not harvested; links already there are kept",
    ...anyone, tenancy: { user: ['user_id'], resource: true },
    either: z.object({ plant_uids: PlantUids, batch_id: Id, user_id: Id }),
    response: success({ message: z.string(), batch_id: z.number(), linked_count: z.number(), already_linked_count: z.number(), plant_uids: z.array(z.string()) }),
  }),
  getAllBatchesLinkedToPlant: defineEndpoint({
    id: 'getAllBatchesLinkedToPlant', domain: 'plants', method: 'GET', path: '/get_all_batches_linked_to_plant',
    summary: 'The batches a plant is linked to, newest link first; harvested ones unless include_harvested is false',
    ...anyone, tenancy: { resource: true },
    query: z.object({ plant_uid: PlantUid, include_harvested: Bool.default(INCLUDE_HARVESTED_DEFAULT) }),
    response: success({ plant_id: z.number(), plant_uid: z.string(), batches: z.array(LinkedBatch) }),
  }),
  getAllPlantsLinkedToBatch: defineEndpoint({
    id: 'getAllPlantsLinkedToBatch', domain: 'plants', method: 'GET', path: '/get_all_plants_linked_to_batch',
    summary:
      "A batch's plants with their current place (room, grid, box, sub-box); none when the batch is harvested and include_harvested is false",
    ...anyone, tenancy: { resource: true },
    query: z.object({ batch_id: Id, include_harvested: Bool.default(INCLUDE_HARVESTED_DEFAULT) }),
    response: success({ batch_id: z.number(), harvested: z.boolean(), total_count: z.number(), plants: z.array(LinkedPlant) }),
  }),
};
