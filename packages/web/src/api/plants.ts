import { plantsEndpoints as ep } from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

/** POST /link_plants_to_batch: plant_uids a non-empty list; batch_id and user_id required. */
export async function linkPlantsToBatch(plantUids: readonly string[], batchId: number | null | undefined, userId: number | null | undefined) {
  const uids = plantUids.map((u) => u.trim()).filter(Boolean);
  if (!uids.length || !batchId || !userId) throw new ApiError('Required parameter(s) missing.');
  return callEndpoint(ep.linkPlantsToBatch, { plant_uids: uids, batch_id: batchId, user_id: userId });
}

/** GET /get_all_batches_linked_to_plant (plant_uid, include_harvested default true). */
export async function getAllBatchesLinkedToPlant(plantUid: string, includeHarvested = true) {
  if (!plantUid.trim()) throw new ApiError('Required parameter(s) missing.');
  return callEndpoint(ep.getAllBatchesLinkedToPlant, { plant_uid: plantUid.trim(), include_harvested: String(includeHarvested) });
}

/** GET /get_all_plants_linked_to_batch (batch_id, include_harvested default true). */
export async function getAllPlantsLinkedToBatch(batchId: number | null | undefined, includeHarvested = true) {
  if (!batchId) throw new ApiError('Required parameter(s) missing.');
  return callEndpoint(ep.getAllPlantsLinkedToBatch, { batch_id: batchId, include_harvested: String(includeHarvested) });
}
