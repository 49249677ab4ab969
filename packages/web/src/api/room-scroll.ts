import { roomScrollEndpoints as ep } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

/** GET /get_room_scroll (company_id, room_id): StartScroll. */
export async function getRoomScroll(companyId: number, roomId: number) {
  return (await callEndpoint(ep.getRoomScroll, { company_id: companyId, room_id: roomId })).StartScroll;
}

/** PUT /update_room_scroll (company_id, room_id, StartScroll). */
export function updateRoomScroll(companyId: number, roomId: number, startScroll: number) {
  return callEndpoint(ep.updateRoomScroll, { company_id: companyId, room_id: roomId, StartScroll: Math.max(0, Math.round(startScroll)) });
}

/** PUT /update_all_room_scroll (company_id, setValue). */
export function updateAllRoomScroll(companyId: number, setValue: number) {
  return callEndpoint(ep.updateAllRoomScroll, { company_id: companyId, setValue: Math.max(0, Math.round(setValue)) });
}
