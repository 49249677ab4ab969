import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { roomsMessages, type UploadedFile, type EndpointInput, type roomsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { deleteFilesQuietly, processImage, readCompanyImage, storeImage } from '../../lib/images/images.js';
import * as repo from './rooms.repository.js';
import { toRoom, toWhiteboard } from './rooms.mapper.js';
import { inChunks, ROOMS_PAGE, roomPieces, roomTreeChunks } from './room-tree.stream.js';
import { roomTexts, type RoomTextCache } from './room-texts.js';
import { compressText } from './json-text.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import type { DB } from '../../db/schema.js';

type Input<K extends keyof typeof roomsEndpoints> = EndpointInput<(typeof roomsEndpoints)[K]>;

export type RoomsDeps = Deps<'files' | 'config' | 'log'>;

/** The room, if it is the caller's company's; otherwise 404 whether it exists or not. */
export async function requireRoom(deps: Pick<RoomsDeps, 'db'>, caller: Caller, roomId: number) {
  const room = await repo.findRoom(deps.db, caller.company_id, roomId);
  if (!room) throw notFound('Room');
  return room;
}

export async function createRoom(deps: RoomsDeps, caller: Caller, input: Input<'createRoom'>) {
  assertOwnCompany(caller, input.company_id);
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await repo.insertRoom(trx, { company_id: input.company_id, name: input.name, description: input.description });
    await writeAudit(trx, {
      companyId: input.company_id,
      userId: caller.user_id,
      action: 'room.created',
      entityType: 'room',
      entityId: created.room_id,
      after: { name: created.name, description: created.description },
    });
    return created;
  });
  return { status: 'success' as const, message: roomsMessages.roomCreated, room: toRoom(row) };
}

/** Adds a room in the caller's transaction, with its audit event (a facility import). */
export async function addRoom({ db: trx }: TxDeps, caller: Caller, room: { name: string; description?: string }, audit: string) {
  const created = await repo.insertRoom(trx, { company_id: caller.company_id, name: room.name, description: room.description ?? '' });
  await writeAudit(trx, {
    companyId: caller.company_id, userId: caller.user_id, action: audit, entityType: 'room', entityId: created.room_id,
    after: { name: created.name, description: created.description },
  });
  return created;
}

/**
 * The full answer as JSON text in chunks, read from the database page by page as the chunks are
 * taken (room-tree.stream.ts); a named room of another company (or none) is a 404. Kept here as the
 * answer without kept rooms (the reference of the tests and the benchmark's "before").
 */
export async function loadRoomsChunks(deps: Pick<RoomsDeps, 'db'>, caller: Caller, companyId: number, roomId: number | null) {
  assertOwnCompany(caller, companyId);
  const firstRooms = await repo.roomHeads(deps.db, companyId, roomId, 0, ROOMS_PAGE);
  if (roomId !== null && firstRooms.length === 0) throw notFound('Room');
  return roomTreeChunks(deps.db, companyId, roomId, firstRooms);
}

/** Raised when a room's text changes shape (the wire), so a device's ETag of the old shape no longer matches. */
const TEXT_FORMAT = 1;

export interface RoomsAnswer {
  /** Strong ETag of the whole answer; null when a room has no version yet (nothing is kept or promised then). */
  etag: string | null;
  /** The answer as JSON text in chunks, made as they are taken. */
  chunks(): AsyncGenerator<string>;
  /** Every room's text is kept at this state: the answer is made from memory alone. */
  kept: boolean;
}

/**
 * load_room_grids_boxes with each room's text kept per version (docs/decisions.md, "Facility answers kept
 * per room"). One small query reads the asked rooms' versions (kept by the database's triggers) and the
 * company's running re-entry intervals; a room whose text was kept at exactly that state is served from
 * memory, the others are read with the streaming code (room-tree.stream.ts) as they go out, and kept.
 * The ETag is made from the same state before anything is built, so an unchanged facility is a 304 at the
 * cost of that query. The kept texts are the company's, the same for every caller: who may ask for which
 * room is decided before (tenancy here, a consultant's rooms by app.callerGuards), as without the cache.
 */
export async function loadRooms(deps: Pick<RoomsDeps, 'db' | 'config'>, caller: Caller, companyId: number, roomId: number | null): Promise<RoomsAnswer> {
  assertOwnCompany(caller, companyId);
  const { rooms, running } = await repo.roomVersions(deps.db, companyId, roomId);
  if (roomId !== null && rooms.length === 0) throw notFound('Room');
  const state = JSON.stringify([TEXT_FORMAT, companyId, roomId, running, rooms.map((r) => [r.id, r.version])]);
  const etag = rooms.every((r) => r.version !== null) ? `"r${createHash('sha256').update(state).digest('base64url').slice(0, 32)}"` : null;
  const cache = roomTexts(deps);
  const kept = etag !== null && rooms.every((r) => cache.has(companyId, r.id, { version: r.version!, running }));
  return { etag, kept, chunks: () => inChunks(facilityPieces(deps.db, cache, companyId, rooms, running)) };
}

/**
 * A kept answer compressed, once per ETag and encoding (the compression plugin passes an answer already
 * encoded through): brotli at quality 4 as the plugin, or gzip; in the thread pool, off the event loop.
 */
export async function packedAnswer(deps: Pick<RoomsDeps, 'db' | 'config'>, answer: RoomsAnswer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const cache = roomTexts(deps);
  const id = `${answer.etag}:${encoding}`;
  const kept = cache.getPacked(id);
  if (kept) return kept;
  let text = '';
  for await (const chunk of answer.chunks()) text += chunk;
  const bytes = await compressText(text, encoding);
  cache.setPacked(id, bytes);
  return bytes;
}

async function* facilityPieces(db: Kysely<DB>, cache: RoomTextCache, companyId: number, rooms: repo.RoomVersion[], running: string) {
  yield '{"status":"success","rooms":[';
  let sep = '';
  for (const room of rooms) {
    const key = room.version === null ? null : { version: room.version, running };
    const kept = key ? cache.get(companyId, room.id, key) : undefined;
    if (kept !== undefined) {
      yield `${sep}${kept}`;
      sep = ',';
      continue;
    }
    const [head] = await repo.roomHeads(db, companyId, room.id, 0, 1);
    // Deleted since its version was read: left out, as a room deleted before the request.
    if (!head) continue;
    cache.stats.builds += 1;
    yield sep;
    sep = ',';
    // Gathered as it goes out; a room too large to be kept is not gathered past the bound.
    let text: string | null = key ? '' : null;
    for await (const piece of roomPieces(db, companyId, head)) {
      if (text !== null) text = text.length + piece.length > cache.maxBytes / 8 ? null : text + piece;
      yield piece;
    }
    if (key && text !== null) cache.set(companyId, room.id, key, text);
  }
  yield ']}';
}

/** Deletes a room's grids in the room delete's transaction; answers what went (the grids module's, see `onRoomDeleted`). */
export type RoomGridsDelete = (deps: TxDeps, companyId: number, roomId: number) => Promise<{ gridIds: number[]; boxes: number; fileKeys: string[] }>;
let deleteGridsOfRoom: RoomGridsDelete | null = null;

/**
 * The grids module hands its delete of a room's grids here when it registers (grids own their table and check
 * their room through this module, so this module cannot import theirs without a cycle).
 */
export function onRoomDeleted(deleteGrids: RoomGridsDelete): void {
  deleteGridsOfRoom = deleteGrids;
}

/**
 * Deletes the room, its grids and (by cascade) their boxes, links and scan marks in the caller's transaction, with
 * its audit event; answers what went and the files no row reaches any more (deleted by the caller after its commit).
 */
export async function removeRoom({ db: trx }: TxDeps, caller: Caller, roomId: number, action = 'room.deleted') {
  const room = await repo.lockRoom(trx, caller.company_id, roomId);
  if (!room) throw notFound('Room');
  if (!deleteGridsOfRoom) throw new Error('The grids module is not registered: a deleted room would leave its grids.');
  const grids = await deleteGridsOfRoom({ db: trx }, caller.company_id, roomId);
  const removed = { ...grids, fileKeys: [...grids.fileKeys, ...(await repo.deleteRoom(trx, caller.company_id, roomId))] };
  await writeAudit(trx, {
    companyId: caller.company_id,
    userId: caller.user_id,
    action,
    entityType: 'room',
    entityId: roomId,
    before: { ...toRoom(room), grid_ids: removed.gridIds, boxes: removed.boxes },
  });
  return removed;
}

/** Deletes the room, the grids linked to it and (by cascade) their boxes, links and scan marks. */
export async function deleteRoom(deps: RoomsDeps, caller: Caller, roomId: number) {
  const result = await deps.db.transaction().execute((trx) => removeRoom({ db: trx }, caller, roomId));
  await deleteFilesQuietly(deps.files, result.fileKeys, deps.log);
  return {
    status: 'success' as const,
    message: roomsMessages.roomDeleted,
    room_id: roomId,
    grids_deleted: result.gridIds.length,
    boxes_deleted: result.boxes,
  };
}

export async function uploadWhiteboard(deps: RoomsDeps, caller: Caller, roomId: number, file: UploadedFile) {
  await requireRoom(deps, caller, roomId);
  const processed = await processImage(file, 'imageFile', { maxBytes: deps.config.limits.fileBytes });
  const stored = await storeImage(deps.files, caller.company_id, `rooms/${roomId}/whiteboards`, processed);
  const row = await deps.db.transaction().execute(async (trx) => {
    // The room may have been deleted while the image was being processed.
    if (!(await repo.lockRoom(trx, caller.company_id, roomId))) throw notFound('Room');
    const wb = await repo.insertWhiteboard(trx, {
      company_id: caller.company_id,
      room_id: roomId,
      image_key: stored.imageKey,
      thumb_key: stored.thumbKey,
      uploaded_by: caller.user_id,
    });
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'room.whiteboard_uploaded',
      entityType: 'room',
      entityId: roomId,
      after: { whiteboard_id: wb.whiteboard_id, image_key: wb.image_key, width: processed.width, height: processed.height },
    });
    return wb;
  }).catch(async (err: unknown) => {
    await deleteFilesQuietly(deps.files, [stored.imageKey, stored.thumbKey], deps.log);
    throw err;
  });
  const listed = (await repo.listWhiteboards(deps.db, caller.company_id, roomId)).find((w) => w.whiteboard_id === row.whiteboard_id)!;
  return { status: 'success' as const, message: roomsMessages.whiteboardUploaded, whiteboard: toWhiteboard(listed) };
}

export async function whiteboardHistory(deps: RoomsDeps, caller: Caller, roomId: number) {
  await requireRoom(deps, caller, roomId);
  const rows = await repo.listWhiteboards(deps.db, caller.company_id, roomId);
  return { status: 'success' as const, room_id: roomId, history: rows.map(toWhiteboard) };
}

export async function readImage(deps: Pick<RoomsDeps, 'files'>, caller: Caller, key: string) {
  const file = await readCompanyImage(deps.files, caller.company_id, key);
  if (!file) throw notFound('Image');
  return file;
}

/**
 * Holds the room versions of a room or a grid for the caller's transaction, before it locks or writes the room's or
 * grid's own row (rooms.repository lockRoomVersions says why: scouting's marks call it first).
 */
export async function holdRoomVersions({ db }: Pick<Deps, 'db'>, companyId: number, place: { kind: 'room' | 'grid'; id: number }) {
  await repo.lockRoomVersions(db, companyId, place);
}

/** Saves where a room's map starts (room_scroll's route); answers undefined when the room is not the company's. */
export function setRoomScroll({ db }: Pick<Deps, 'db'>, companyId: number, roomId: number, value: number) {
  return repo.setStartScroll(db, companyId, roomId, value);
}

/** Saves where every room's map of the company starts (room_scroll's route); answers how many rooms. */
export function setScrollOfAllRooms({ db }: Pick<Deps, 'db'>, companyId: number, value: number) {
  return repo.setStartScrollOfAllRooms(db, companyId, value);
}

/** Marks a room scanned, for scouting in its transaction (after it locked and checked the room). */
export function markRoomScanned({ db: trx }: TxDeps, roomId: number, userId: number, at: Date) {
  return repo.setRoomScanned(trx, roomId, userId, at);
}

/** Clears every scanned room of the company, for scouting's reset in its transaction; answers how many were set. */
export function clearScannedRooms({ db: trx }: TxDeps, companyId: number) {
  return repo.clearScanned(trx, companyId);
}
