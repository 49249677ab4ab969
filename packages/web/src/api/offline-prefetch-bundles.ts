import { offlineFillEndpoints as ep, OFFLINE_BATCHES_MAX } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { ApiError } from './api-error';

export { OFFLINE_BATCHES_MAX };

/**
 * GET /offline_room_bundle (company_id, room_id): everything the fill keeps of one room, each part as its
 * own endpoint answers it. With the ETag of the device's last copy, an unchanged room answers 304: null.
 */
export async function getOfflineRoomBundle(companyId: number, roomId: number, etag?: string) {
  try {
    const bundle = await callEndpoint(ep.getOfflineRoomBundle, { company_id: companyId, room_id: roomId }, undefined, {
      headers: etag ? { 'If-None-Match': etag } : {},
    });
    if (!bundle) throw new ApiError('Unexpected response from server');
    return bundle;
  } catch (err) {
    if (etag && err instanceof ApiError && err.status === 304) return null;
    throw err;
  }
}

/** GET /offline_batches_bundle (company_id, batch_ids, end_date): the batch screens' reads of up to OFFLINE_BATCHES_MAX batches. */
export function getOfflineBatchesBundle(companyId: number, batchIds: readonly number[], endDate: string) {
  return callEndpoint(ep.getOfflineBatchesBundle, { company_id: companyId, batch_ids: batchIds.join(','), end_date: endDate });
}
