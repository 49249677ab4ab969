import { scoutingEndpoints as ep } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { orNull } from './api-error';

/** POST /mark_room_scanned?room_id&user_id. Null on failure. */
export function markRoomScanned(roomId: number, userId: number) {
  return orNull('markRoomScanned', () => callEndpoint(ep.markRoomScanned, { room_id: roomId, user_id: userId }));
}

/** POST /mark_grid_scanned?grid_id&user_id. Null on failure. */
export function markGridScanned(gridId: number, userId: number) {
  return orNull('markGridScanned', () => callEndpoint(ep.markGridScanned, { grid_id: gridId, user_id: userId }));
}

/** POST /reset_scanned_status (Admin): clears every scanned flag and starts a new scouting round. */
export function resetScannedStatus(companyId: number) {
  return callEndpoint(ep.resetScannedStatus, { company_id: companyId });
}

/** GET /get_room_scan_details?room_id. Null on failure. */
export function getRoomScanDetails(roomId: number) {
  return orNull('getRoomScanDetails', () => callEndpoint(ep.getRoomScanDetails, { room_id: roomId }));
}

/** GET /get_grid_scan_details?grid_id. Null on failure. */
export function getGridScanDetails(gridId: number) {
  return orNull('getGridScanDetails', () => callEndpoint(ep.getGridScanDetails, { grid_id: gridId }));
}
