import { thresholdsEndpoints, type EndpointRequest } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

export type SaveThresholdInput = EndpointRequest<typeof thresholdsEndpoints.saveActionThreshold>;

/** GET /get_action_thresholds?company_id: the company's thresholds, each with its level now. */
export async function getActionThresholds(companyId: number) {
  const res = await callEndpoint(thresholdsEndpoints.getActionThresholds, { company_id: companyId });
  return res.thresholds;
}

/** GET /get_room_threshold_levels?company_id: the rooms over a threshold now (rooms absent are green). */
export async function getRoomThresholdLevels(companyId: number) {
  const res = await callEndpoint(thresholdsEndpoints.getRoomThresholdLevels, { company_id: companyId });
  return res.rooms;
}

/** POST /save_action_threshold?company_id (Admin): creates, or changes the one named by threshold_id. */
export async function saveActionThreshold(input: SaveThresholdInput) {
  return callEndpoint(thresholdsEndpoints.saveActionThreshold, input);
}

/** DELETE /delete_action_threshold (company_id, threshold_id; Admin). */
export async function deleteActionThreshold(companyId: number, thresholdId: number) {
  return callEndpoint(thresholdsEndpoints.deleteActionThreshold, { company_id: companyId, threshold_id: thresholdId });
}

/**
 * GET /get_threshold_crossings_for_boxes?company_id&GridBoxIDs&limit: the threshold crossings running now in the
 * rooms of these boxes (red first), each with the asked boxes it covers — what an application can name as its target.
 */
export async function getThresholdCrossingsForBoxes(companyId: number, boxIds: readonly number[], limit = 50) {
  const res = await callEndpoint(thresholdsEndpoints.getThresholdCrossingsForBoxes, { company_id: companyId, GridBoxIDs: [...boxIds], limit });
  return res.crossings;
}
