import { roomsMessages, type UploadedFile } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { deleteFilesQuietly, processImage, readCompanyImage, storeImage } from '../../lib/images/images.js';
import * as repo from './rooms.repository.js';
import { toRoom, toWhiteboard } from './rooms.mapper.js';
import { ROOMS_PAGE, roomTreeChunks } from './room-tree.stream.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps } from '../../lib/deps.js';

export type RoomsDeps = Deps<'files' | 'config' | 'log'>;

/** The room, if it is the caller's company's; otherwise 404 whether it exists or not. */
export async function requireRoom(deps: Pick<RoomsDeps, 'db'>, caller: Caller, roomId: number) {
  const room = await repo.findRoom(deps.db, caller.company_id, roomId);
  if (!room) throw notFound('Room');
  return room;
}

export async function createRoom(deps: RoomsDeps, caller: Caller, input: { company_id: number; name: string; description: string }) {
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

/**
 * The full answer as JSON text in chunks, read from the database page by page as the chunks are
 * taken (room-tree.stream.ts); a named room of another company (or none) is a 404.
 */
export async function loadRoomsChunks(deps: Pick<RoomsDeps, 'db'>, caller: Caller, companyId: number, roomId: number | null) {
  assertOwnCompany(caller, companyId);
  const firstRooms = await repo.roomHeads(deps.db, companyId, roomId, 0, ROOMS_PAGE);
  if (roomId !== null && firstRooms.length === 0) throw notFound('Room');
  return roomTreeChunks(deps.db, companyId, roomId, firstRooms);
}

export async function deleteRoom(deps: RoomsDeps, caller: Caller, roomId: number) {
  const result = await deps.db.transaction().execute(async (trx) => {
    const room = await repo.lockRoom(trx, caller.company_id, roomId);
    if (!room) throw notFound('Room');
    const removed = await repo.deleteRoomWithGrids(trx, caller.company_id, roomId);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'room.deleted',
      entityType: 'room',
      entityId: roomId,
      before: { ...toRoom(room), grid_ids: removed.gridIds, boxes: removed.boxes },
    });
    return removed;
  });
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
