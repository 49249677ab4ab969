import {
  roomsEndpoints as ep,
  roomsMessages as msg,
  type RoomWithGrids,
} from '@verdant/contract';
import { ApiError, errorMessage, orNull } from './api-error';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';
import { browserOffline, isNetworkError } from '../offline/network';
import { NotAvailableOfflineError } from './offline-read';

export interface RoomsAnswer {
  rooms: RoomWithGrids[];
  /** True when the answer came from the local database instead of the server. */
  fromCache: boolean;
}

/** The local room copy (Dexie) loads on first use, not with the first screen (initial JavaScript, issue 10). */
const roomCache = () => import('../offline/room-cache');

/** When the newest whole-company answer saved locally was asked for, per company. */
const newestFullSave = new Map<number, number>();

function refreshCache(companyId: number, rooms: RoomWithGrids[], askedAt: number, roomId?: number): Promise<void> {
  if (roomId === undefined) {
    // Two loads in flight (a screen and the background fill): the older answer must not replace the newer.
    if (askedAt < (newestFullSave.get(companyId) ?? 0)) return Promise.resolve();
    newestFullSave.set(companyId, askedAt);
  }
  // Writing 10,000 boxes takes a moment: the screen does not wait for it.
  return roomCache()
    .then(({ saveRoomsToCache }) => saveRoomsToCache(companyId, rooms, { roomId }))
    .catch((err: unknown) =>
    console.error('Could not refresh the local room copy', err),
  );
}

/**
 * GET /load_room_grids_boxes?company_id[&room_id]. Online answers refresh the local database; when the
 * browser is offline or the request gets no answer, the rooms are read from the local database.
 */
export async function loadRoomGridsBoxes(
  companyId: number,
  roomId?: number,
  options: { waitForCache?: boolean } = {},
): Promise<RoomsAnswer> {
  if (!browserOffline()) {
    try {
      const askedAt = performance.now();
      const { rooms } = await callEndpoint(ep.loadRoomGridsBoxes, { company_id: companyId, room_id: roomId });
      const saving = refreshCache(companyId, rooms, askedAt, roomId);
      // The background fill (offline-prefetch.ts) waits for the local copy; screens do not.
      if (options.waitForCache) await saving;
      return { rooms, fromCache: false };
    } catch (err) {
      if (!isNetworkError(err)) throw err;
    }
  }
  const rooms = await (await roomCache()).readRoomsFromCache(companyId, roomId);
  // No rooms on a device never prepared means "not saved here yet", not "the company has no rooms".
  if (!rooms.length && roomId === undefined && !(await (await import('../offline/answer-cache')).everPrepared(companyId))) throw new NotAvailableOfflineError();
  return { rooms, fromCache: true };
}

/**
 * One room with its grids and boxes. Needs both ids ('Required parameter missing: companyID or roomID');
 * offline, a room absent from the local database fails with 'Room data not found in local database'.
 */
export async function loadRoom(
  companyId: number | null | undefined,
  roomId: number | null | undefined,
): Promise<{ room: RoomWithGrids; fromCache: boolean }> {
  if (!companyId || !roomId) throw new ApiError(msg.singleRoomMissing);
  const { rooms, fromCache } = await loadRoomGridsBoxes(companyId, roomId);
  const room = rooms.find((r) => r.RoomID === roomId);
  if (!room) throw new ApiError(fromCache ? msg.offlineRoomMissing : 'Room not found', { status: fromCache ? undefined : 404 });
  return { room, fromCache };
}

export interface NewRoom {
  name: string;
  description?: string;
}

/**
 * POST /create_room?company_id (multipart name, description); rejects like every call. The offline queue
 * passes its item id as Idempotency-Key so a resend never makes a second room.
 */
export async function sendCreateRoom(companyId: number, input: NewRoom, idempotencyKey?: string) {
  const res = await callEndpoint(
    ep.createRoom,
    { company_id: companyId, name: input.name, description: input.description ?? '' },
    undefined,
    idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {},
  );
  return res.room;
}

/** The spec's create room: errors are swallowed (logged, null). */
export async function createRoom(companyId: number, input: NewRoom) {
  try {
    return await sendCreateRoom(companyId, input);
  } catch (err) {
    console.error('createRoom failed:', errorMessage(err));
    return null;
  }
}

/** DELETE /delete_room?room_id (Admin): the room with its grids and boxes. Null on failure. */
export function deleteRoom(roomId: number) {
  return orNull('deleteRoom', () => callEndpoint(ep.deleteRoom, { room_id: roomId }));
}

/** POST /upload_whiteboard_image (multipart imageFile, room_id). Null on failure. */
export function uploadWhiteboardImage(roomId: number, imageFile: Blob) {
  return orNull('uploadWhiteboardImage', async () =>
    (await callEndpoint(ep.uploadWhiteboardImage, { room_id: roomId, imageFile })).whiteboard,
  );
}

/** GET /get_whiteboard_history?room_id: newest first. Null on failure. */
export function getWhiteboardHistory(roomId: number) {
  return orNull('getWhiteboardHistory', async () => (await callEndpoint(ep.getWhiteboardHistory, { room_id: roomId })).history);
}

/**
 * An uploaded image (an `image_url` / `thumb_url` from an answer, or a bare storage key) as a Blob:
 * images are served only with the bearer token, so an <img src> cannot load them directly.
 */
export async function fetchImage(urlOrKey: string): Promise<Blob> {
  const key = urlOrKey.includes('key=') ? (new URL(urlOrKey, 'http://x').searchParams.get('key') ?? urlOrKey) : urlOrKey;
  return callBinaryEndpoint(ep.getImage, { key });
}
