import { batchesMessages as msg, type EndpointInput, type batchesEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toBatch, toLink, toMove, toRoomRef } from './batches.mapper.js';
import * as repo from './batches.repository.js';
import * as links from './batch-links.repository.js';
import { type BatchesDeps, assertNotHarvested, lockOwnBatch, requireBatch } from './batches.service.js';
import { isoOrNull } from '../../lib/iso.js';
import type { Deps, TxDeps } from '../../lib/deps.js';

type Input<K extends keyof typeof batchesEndpoints> = EndpointInput<(typeof batchesEndpoints)[K]>;

async function requireRoom({ db }: Deps, companyId: number, roomId: number) {
  const room = await repo.findRoom(db, companyId, roomId);
  if (!room) throw notFound('Room');
  return room;
}
async function requireGrid({ db }: Deps, companyId: number, gridId: number) {
  const grid = await repo.findGrid(db, companyId, gridId);
  if (!grid) throw notFound('Grid');
  return grid;
}

/** The place checked, the batch locked and not harvested, the link upserted and audited: one transaction. */
async function linkToPlace<R extends Parameters<typeof toLink>[0]>(
  deps: BatchesDeps,
  caller: Caller,
  batchId: number,
  at: Date | undefined,
  place: {
    require: (trx: TxDeps) => Promise<unknown>;
    upsert: (trx: TxDeps['db'], ref: links.LinkRef) => Promise<R>;
    action: string;
    after: Record<string, number>;
  },
) {
  const companyId = caller.company_id;
  const row = await deps.db.transaction().execute(async (trx) => {
    await place.require({ db: trx });
    assertNotHarvested(await lockOwnBatch({ db: trx }, companyId, batchId));
    const link = await place.upsert(trx, { company_id: companyId, batch_id: batchId, linked_by: caller.user_id, at });
    await writeAudit(trx, { companyId, userId: caller.user_id, action: place.action, entityType: 'batch', entityId: batchId, after: place.after });
    return link;
  });
  return toLink(row);
}

export function linkRoom(deps: BatchesDeps, caller: Caller, input: Input<'linkRoomBatch'>, opts: { at?: Date } = {}) {
  return linkToPlace(deps, caller, input.batch_id, opts.at, {
    require: (trx) => requireRoom(trx, caller.company_id, input.room_id),
    upsert: (trx, ref) => links.upsertRoomLink(trx, { ...ref, room_id: input.room_id }),
    action: 'batch.linked_room',
    after: { room_id: input.room_id },
  });
}

export function linkGrid(deps: BatchesDeps, caller: Caller, input: Input<'linkGridBatch'>, opts: { at?: Date } = {}) {
  return linkToPlace(deps, caller, input.batch_id, opts.at, {
    require: (trx) => requireGrid(trx, caller.company_id, input.grid_id),
    upsert: (trx, ref) => links.upsertGridLink(trx, { ...ref, grid_id: input.grid_id }),
    action: 'batch.linked_grid',
    after: { grid_id: input.grid_id },
  });
}

export async function linkGridBoxes(deps: BatchesDeps, caller: Caller, input: Input<'linkGridboxBatch'>, opts: { at?: Date } = {}) {
  const ids = [...new Set(input.grid_box_ids ?? [])];
  if (ids.length === 0) throw badRequest(msg.gridBoxesRequired, 'grid_box_ids');
  const companyId = caller.company_id;
  const added = await deps.db.transaction().execute(async (trx) => {
    assertNotHarvested(await lockOwnBatch({ db: trx }, companyId, input.batch_id));
    if ((await repo.ownedGridBoxIds(trx, companyId, ids)).length !== ids.length) throw notFound('Grid box');
    const n = await links.insertBoxLinks(trx, { company_id: companyId, batch_id: input.batch_id, linked_by: caller.user_id, at: opts.at }, ids);
    await writeAudit(trx, { companyId, userId: caller.user_id, action: 'batch.linked_grid_boxes', entityType: 'batch', entityId: input.batch_id, after: { grid_box_ids: ids } });
    return n;
  });
  return { batchId: input.batch_id, gridBoxIds: ids, newlyLinked: added };
}

const linkAnswer = (row: Parameters<typeof toLink>[0] | undefined) => ({ linked: row !== undefined, link: row ? toLink(row) : null });

export async function linkedRoom(deps: BatchesDeps, caller: Caller, input: Input<'getLinkedRoomsBatches'>) {
  await requireRoom(deps, caller.company_id, input.room_id);
  await requireBatch(deps, caller.company_id, input.batch_id);
  return linkAnswer(await links.roomLink(deps.db, input.room_id, input.batch_id));
}

export async function linkedGrid(deps: BatchesDeps, caller: Caller, input: Input<'getLinkedGridsBatches'>) {
  await requireGrid(deps, caller.company_id, input.grid_id);
  await requireBatch(deps, caller.company_id, input.batch_id);
  return linkAnswer(await links.gridLink(deps.db, input.grid_id, input.batch_id));
}

export async function linkedGridBox(deps: BatchesDeps, caller: Caller, input: Input<'getLinkedGridboxesBatches'>) {
  if (!(await repo.findGridBox(deps.db, caller.company_id, input.grid_box_id))) throw notFound('Grid box');
  await requireBatch(deps, caller.company_id, input.batch_id);
  return linkAnswer(await links.boxLink(deps.db, input.grid_box_id, input.batch_id));
}

export async function batchesByRoom(deps: BatchesDeps, caller: Caller, roomId: number) {
  await requireRoom(deps, caller.company_id, roomId);
  return (await links.batchesInRoom(deps.db, caller.company_id, roomId)).map(toBatch);
}

export async function roomsByBatch(deps: BatchesDeps, caller: Caller, batchId: number) {
  await requireBatch(deps, caller.company_id, batchId);
  return (await links.roomsOfBatches(deps.db, [batchId])).map(toRoomRef);
}

/** Also what the movement module's /move_plant hands over (the same three ids). */
export type BatchMoveInput = Input<'movePlants'>;

/**
 * Moves a batch from one room to another: the old room link ends (kept with its unlink date), the
 * grid and box links inside the old room are removed (they name places the batch has left; the audit
 * event keeps them), the new room is linked, and the move is recorded. Plant positions stay as they are:
 * single plants move with /move_plant. Exported for the movement module, which serves the same move on /move_plant.
 */
export async function moveBatchBetweenRooms({ db }: Deps, caller: Caller, input: BatchMoveInput, opts: { at?: Date } = {}) {
  if (input.old_room_id === input.new_room_id) throw badRequest(msg.sameRoom, 'new_room_id');
  const companyId = caller.company_id;
  const at = opts.at ?? new Date();
  return db.transaction().execute(async (trx) => {
    const batch = await lockOwnBatch({ db: trx }, companyId, input.batch_id);
    await requireRoom({ db: trx }, companyId, input.old_room_id);
    await requireRoom({ db: trx }, companyId, input.new_room_id);
    assertNotHarvested(batch);
    if (!(await links.roomLink(trx, input.old_room_id, batch.batch_id))) throw conflict(msg.notInOldRoom);
    const left = await links.leaveRoom(trx, batch.batch_id, input.old_room_id, at);
    await links.upsertRoomLink(trx, { company_id: companyId, room_id: input.new_room_id, batch_id: batch.batch_id, linked_by: caller.user_id, at });
    const move = await links.insertRoomMove(trx, { company_id: companyId, batch_id: batch.batch_id, old_room_id: input.old_room_id, new_room_id: input.new_room_id, moved_by: caller.user_id, moved_at: at });
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: 'batch.moved',
      entityType: 'batch',
      entityId: batch.batch_id,
      before: { room_id: input.old_room_id, grid_ids: left.gridIds, grid_box_ids: left.boxIds },
      after: { room_id: input.new_room_id, move_id: move.id },
    });
    return { message: msg.moved, move: toMove(move), grid_links_cleared: left.gridIds.length, box_links_cleared: left.boxIds.length };
  });
}

export async function historyByRoom(deps: BatchesDeps, caller: Caller, roomId: number) {
  await requireRoom(deps, caller.company_id, roomId);
  const [rows, moves] = await Promise.all([links.roomHistory(deps.db, caller.company_id, roomId), links.movesOfRoom(deps.db, caller.company_id, roomId)]);
  return rows.map((r) => ({
    batch: toBatch(r),
    linked_at: isoOrNull(r.link_linked_at),
    unlinked_at: isoOrNull(r.link_unlinked_at),
    in_room: Boolean(r.in_room),
    moves: moves.filter((m) => m.batch_id === r.batch_id).map(toMove),
  }));
}

export async function gridBoxBatches(deps: BatchesDeps, caller: Caller, gridId: number) {
  await requireGrid(deps, caller.company_id, gridId);
  const [boxes, pairs] = await Promise.all([repo.gridBoxesOfGrid(deps.db, caller.company_id, gridId), links.batchesOfGridBoxes(deps.db, caller.company_id, gridId)]);
  const byBox = new Map<number, ReturnType<typeof toBatch>[]>();
  for (const p of pairs) {
    const list = byBox.get(p.link_grid_box_id) ?? [];
    list.push(toBatch(p));
    byBox.set(p.link_grid_box_id, list);
  }
  return boxes.map((b) => ({ GridBoxID: b.grid_box_id, batches: byBox.get(b.grid_box_id) ?? [] }));
}
