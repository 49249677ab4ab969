import { gridBoxesEndpoints as ep, gridBoxesMessages as msg } from '@verdant/contract';
import { ApiError, toApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { isNetworkError } from '../offline/network';
import { patchCachedBox } from '../offline/room-cache';

/** Without a connection the fetch is skipped with a warning (en dash), and the error is rethrown. */
async function skippableOffline<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isNetworkError(err)) console.warn(msg.offlineSkip);
    throw err;
  }
}

/** POST /update_culling_status (form GridBoxID, user_id, culled). Needs GridBoxID and a user id. */
export async function updateCullingStatus(gridBoxId: number | null | undefined, userId: number | null | undefined, culled: boolean) {
  if (!gridBoxId || !userId) throw new ApiError('Required parameter(s) missing.');
  return (await callEndpoint(ep.updateCullingStatus, { GridBoxID: gridBoxId, user_id: userId, culled: culled ? 1 : 0 })).grid_box;
}

/** GET /get_culled_gridboxes?GridID: answer grid_boxes. */
export function getCulledGridboxes(gridId: number) {
  return skippableOffline(async () => (await callEndpoint(ep.getCulledGridboxes, { GridID: gridId })).grid_boxes);
}

/** POST /update_grid_box_name (form GridBoxID, custom_name). An empty name is allowed (it clears the name). */
export async function updateGridBoxName(gridBoxId: number | null | undefined, customName: string | null | undefined) {
  if (!gridBoxId || customName === undefined || customName === null) throw new ApiError('Required parameter(s) missing.');
  return (await callEndpoint(ep.updateGridBoxName, { GridBoxID: gridBoxId, custom_name: customName })).grid_box;
}

/** GET /get_gridboxes_names?GridID: answer grid_boxes. */
export function getGridboxesNames(gridId: number) {
  return skippableOffline(async () => (await callEndpoint(ep.getGridboxesNames, { GridID: gridId })).grid_boxes);
}

/** GET /get_plant_history_date (company_id, Grid_boxID), newest first; a 404 gives an empty list. */
export async function getPlantHistoryDate(companyId: number, gridBoxId: number) {
  try {
    return (await callEndpoint(ep.getPlantHistoryDate, { company_id: companyId, Grid_boxID: gridBoxId })).history;
  } catch (err) {
    if (toApiError(err).status === 404) return [];
    throw err;
  }
}

/** A box changed (renamed, culled, its sub-boxes or plants): the local copy the room map reads offline takes the change. */
export function keepLocalBox(box: { id: number; CustomName?: string | null; culled?: boolean; SubGridboxCount?: number; PlantCount?: number; NoEntryUntil?: string }): Promise<void> {
  const { id, ...patch } = box;
  return patchCachedBox(id, patch);
}
