import { roomScrollMessages, type EndpointInput, type roomScrollEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import { setRoomScroll, setScrollOfAllRooms } from '../rooms/index.js';
import * as repo from './room-scroll.repository.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof roomScrollEndpoints> = EndpointInput<(typeof roomScrollEndpoints)[K]>;

/** Where a room's map starts when nothing else was remembered: the top. */
const START_OF_ROOM = 0;

export async function getRoomScroll(deps: Deps, caller: Caller, companyId: number, roomId: number) {
  assertOwnCompany(caller, companyId);
  const row = await repo.readScroll(deps.db, companyId, roomId);
  if (!row) throw notFound('Room');
  return { status: 'success' as const, room_id: roomId, StartScroll: row.start_scroll };
}

/**
 * The spec lists only company_id and room_id. Sent that way, the call puts the room's map back to its
 * start (StartScroll 0): the one value a caller that names no value can mean, and what a client that
 * only knows the spec's two fields gets from "reset this room". A client that remembers a position
 * sends it as StartScroll (the field it is read back as) or setValue (the name update_all_room_scroll
 * uses). A scroll position is a view preference, not a change of the facility, so it is not audited.
 */
export async function updateRoomScroll(
  deps: Deps,
  caller: Caller,
  input: Input<'updateRoomScroll'>,
) {
  assertOwnCompany(caller, input.company_id);
  const value = input.StartScroll ?? input.setValue ?? START_OF_ROOM;
  const row = await setRoomScroll(deps, input.company_id, input.room_id, value);
  if (!row) throw notFound('Room');
  return { status: 'success' as const, message: roomScrollMessages.saved, room_id: input.room_id, StartScroll: row.start_scroll };
}

export async function updateAllRoomScroll(deps: Deps, caller: Caller, companyId: number, value: number) {
  assertOwnCompany(caller, companyId);
  const count = await setScrollOfAllRooms(deps, companyId, value);
  return { status: 'success' as const, message: roomScrollMessages.saved, StartScroll: value, rooms_updated: count };
}
