import type { RoomWithGrids } from '@verdant/contract';
import { toApiError } from './api-error';
import { sendCreateRoom, type NewRoom } from './rooms';
import { browserOffline, isNetworkError } from '../offline/network';
import { enqueueCreateRoom, flushRoomQueue, type FlushResult, type RoomTransport } from '../offline/create-room-queue';
import type { OfflineDatabase } from '../offline/db';

/** POST /create_room for a queued room, its id the Idempotency-Key; a 4xx other than 401/403/408/429 is a refusal. */
const roomTransport: RoomTransport = {
  send: (item) => sendCreateRoom(item.companyID, { name: item.name, description: item.description }, item.id),
  refusal: (err) => {
    const e = toApiError(err);
    const refused = !isNetworkError(err) && e.status !== undefined && e.status >= 400 && e.status < 500 && ![401, 403, 408, 429].includes(e.status);
    return refused ? e.message : null;
  },
};

/**
 * Sends every queued room, oldest first, each with its own Idempotency-Key (one flush at a time, a Web
 * Lock across tabs; see offline/create-room-queue.ts). A failed send leaves the item queued.
 */
export function flushCreateRoomQueue(database?: OfflineDatabase): Promise<FlushResult> {
  return flushRoomQueue(roomTransport, database);
}

export type CreateRoomResult = { queued: false; room: RoomWithGrids | { RoomID: number } } | { queued: true };

/** Online the room is created at once; without a connection (or without an answer) it waits in createRoomQueue. */
export async function createRoomOrQueue(companyId: number, input: NewRoom): Promise<CreateRoomResult> {
  if (!browserOffline()) {
    try {
      return { queued: false, room: await sendCreateRoom(companyId, input) };
    } catch (err) {
      if (!isNetworkError(err)) throw err;
    }
  }
  await enqueueCreateRoom(companyId, input);
  return { queued: true };
}

export { watchQueuedRooms, type QueuedRoom } from '../offline/create-room-queue';
