import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BatchRow } from './batches.repository.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface LinkRef {
  company_id: number;
  batch_id: number;
  linked_by: number | null;
  at?: Date;
}

/** Links again after a move away (unlinked_at cleared, linked_at renewed); a live link stays as it was. */
export function upsertRoomLink(trx: Db, l: LinkRef & { room_id: number }) {
  return trx
    .insertInto('room_batches')
    .values({ company_id: l.company_id, room_id: l.room_id, batch_id: l.batch_id, linked_by: l.linked_by, ...(l.at ? { linked_at: l.at } : {}) })
    .onConflict((oc) =>
      oc.columns(['room_id', 'batch_id']).doUpdateSet({
        linked_at: sql`CASE WHEN room_batches.unlinked_at IS NULL THEN room_batches.linked_at ELSE excluded.linked_at END`,
        linked_by: sql`CASE WHEN room_batches.unlinked_at IS NULL THEN room_batches.linked_by ELSE excluded.linked_by END`,
        unlinked_at: null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function upsertGridLink(trx: Db, l: LinkRef & { grid_id: number }) {
  return trx
    .insertInto('grid_batches')
    .values({ company_id: l.company_id, grid_id: l.grid_id, batch_id: l.batch_id, linked_by: l.linked_by, ...(l.at ? { linked_at: l.at } : {}) })
    .onConflict((oc) => oc.columns(['grid_id', 'batch_id']).doUpdateSet({ grid_id: sql`excluded.grid_id` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts the missing links only; answers how many were new. */
export async function insertBoxLinks(trx: Db, l: LinkRef, boxIds: number[]): Promise<number> {
  const rows = await trx
    .insertInto('gridbox_batches')
    .values(boxIds.map((id) => ({ company_id: l.company_id, grid_box_id: id, batch_id: l.batch_id, linked_by: l.linked_by, ...(l.at ? { linked_at: l.at } : {}) })))
    .onConflict((oc) => oc.columns(['grid_box_id', 'batch_id']).doNothing())
    .returning('grid_box_id')
    .execute();
  return rows.length;
}

export const roomLink = (db: Db, roomId: number, batchId: number) =>
  db.selectFrom('room_batches').selectAll().where('room_id', '=', roomId).where('batch_id', '=', batchId).where('unlinked_at', 'is', null).executeTakeFirst();

export const gridLink = (db: Db, gridId: number, batchId: number) =>
  db.selectFrom('grid_batches').selectAll().where('grid_id', '=', gridId).where('batch_id', '=', batchId).executeTakeFirst();

export const boxLink = (db: Db, boxId: number, batchId: number) =>
  db.selectFrom('gridbox_batches').selectAll().where('grid_box_id', '=', boxId).where('batch_id', '=', batchId).executeTakeFirst();

export function batchesInRoom(db: Db, companyId: number, roomId: number): Promise<BatchRow[]> {
  return db
    .selectFrom('batches as b')
    .innerJoin('room_batches as rb', 'rb.batch_id', 'b.batch_id')
    .selectAll('b')
    .where('rb.company_id', '=', companyId)
    .where('rb.room_id', '=', roomId)
    .where('rb.unlinked_at', 'is', null)
    .orderBy('b.batch_id', 'desc')
    .execute();
}

export function roomsOfBatches(db: Db, batchIds: number[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('room_batches as rb')
    .innerJoin('rooms as r', 'r.room_id', 'rb.room_id')
    .select(['rb.batch_id', 'r.room_id', 'r.name', 'rb.linked_at'])
    .where('rb.batch_id', 'in', batchIds)
    .where('rb.unlinked_at', 'is', null)
    .orderBy('r.name')
    .execute();
}

/** Unlinks the batch from the old room (kept as history) and removes its grid and box links inside that room. */
export async function leaveRoom(trx: Transaction<DB>, batchId: number, roomId: number, at: Date) {
  await trx.updateTable('room_batches').set({ unlinked_at: at }).where('room_id', '=', roomId).where('batch_id', '=', batchId).execute();
  const gridsInRoom = trx.selectFrom('room_grid').select('grid_id').where('room_id', '=', roomId);
  const boxes = await trx
    .deleteFrom('gridbox_batches')
    .where('batch_id', '=', batchId)
    .where('grid_box_id', 'in', trx.selectFrom('grid_boxes').select('grid_box_id').where('grid_id', 'in', gridsInRoom))
    .returning('grid_box_id')
    .execute();
  const grids = await trx
    .deleteFrom('grid_batches')
    .where('batch_id', '=', batchId)
    .where('grid_id', 'in', gridsInRoom)
    .returning('grid_id')
    .execute();
  return { gridIds: grids.map((g) => g.grid_id), boxIds: boxes.map((b) => b.grid_box_id) };
}

export function insertRoomMove(
  trx: Db,
  m: { company_id: number; batch_id: number; old_room_id: number; new_room_id: number; moved_by: number | null; moved_at: Date },
) {
  return trx.insertInto('batch_room_moves').values(m).returningAll().executeTakeFirstOrThrow();
}

/** Every batch with a room link (live or ended) or a move in or out of the room. */
export function roomHistory(db: Db, companyId: number, roomId: number) {
  return db
    .selectFrom('batches as b')
    .leftJoin('room_batches as rb', (j) => j.onRef('rb.batch_id', '=', 'b.batch_id').on('rb.room_id', '=', roomId))
    .selectAll('b')
    .select(['rb.linked_at as link_linked_at', 'rb.unlinked_at as link_unlinked_at', sql<boolean>`rb.room_id IS NOT NULL AND rb.unlinked_at IS NULL`.as('in_room')])
    .where('b.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('rb.room_id', 'is not', null),
        eb.exists(
          eb.selectFrom('batch_room_moves as m')
            .select('m.id')
            .whereRef('m.batch_id', '=', 'b.batch_id')
            .where((e) => e.or([e('m.old_room_id', '=', roomId), e('m.new_room_id', '=', roomId)])),
        ),
      ]),
    )
    .orderBy(sql`coalesce(rb.linked_at, b.created_at)`, 'desc')
    .execute();
}

export function movesOfRoom(db: Db, companyId: number, roomId: number) {
  return db
    .selectFrom('batch_room_moves')
    .selectAll()
    .where('company_id', '=', companyId)
    .where((e) => e.or([e('old_room_id', '=', roomId), e('new_room_id', '=', roomId)]))
    .orderBy('moved_at')
    .execute();
}

/** Box → batch pairs for every box of a grid. */
export function batchesOfGridBoxes(db: Db, companyId: number, gridId: number) {
  return db
    .selectFrom('gridbox_batches as gb')
    .innerJoin('grid_boxes as g', 'g.grid_box_id', 'gb.grid_box_id')
    .innerJoin('batches as b', 'b.batch_id', 'gb.batch_id')
    .selectAll('b')
    .select('gb.grid_box_id as link_grid_box_id')
    .where('g.company_id', '=', companyId)
    .where('g.grid_id', '=', gridId)
    .orderBy('b.batch_id')
    .execute();
}
