import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
// DB['batches'] carries crop_id (issue 22), joined to BatchTable in schema.ts.
export type BatchRow = Selectable<DB['batches']>;
export type InsertableBatchRow = Insertable<DB['batches']>;
export type UpdateableBatchRow = Updateable<DB['batches']>;

export function findBatch(db: Db, companyId: number, batchId: number): Promise<BatchRow | undefined> {
  return db.selectFrom('batches').selectAll().where('company_id', '=', companyId).where('batch_id', '=', batchId).executeTakeFirst();
}

export function lockBatch(trx: Transaction<DB>, companyId: number, batchId: number): Promise<BatchRow | undefined> {
  return trx
    .selectFrom('batches')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('batch_id', '=', batchId)
    .forUpdate()
    .executeTakeFirst();
}

/** Locked in id order, so two bulk changes over overlapping lists cannot deadlock. */
export function lockBatches(trx: Transaction<DB>, companyId: number, batchIds: number[]): Promise<BatchRow[]> {
  return trx
    .selectFrom('batches')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('batch_id', 'in', batchIds)
    .orderBy('batch_id')
    .forUpdate()
    .execute();
}

export function findBatches(db: Db, companyId: number, batchIds: number[]): Promise<BatchRow[]> {
  return db.selectFrom('batches').selectAll().where('company_id', '=', companyId).where('batch_id', 'in', batchIds).orderBy('batch_id').execute();
}

export function listBatches(db: Db, companyId: number, status?: string): Promise<BatchRow[]> {
  let q = db.selectFrom('batches').selectAll().where('company_id', '=', companyId);
  if (status !== undefined) q = q.where(sql<string>`lower(batch_status)`, '=', status.toLowerCase());
  return q.orderBy('batch_id', 'desc').execute();
}

export function batchNumberTaken(db: Db, companyId: number, batchNumber: string, exceptId?: number) {
  let q = db
    .selectFrom('batches')
    .select('batch_id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(batch_number)`, '=', batchNumber.toLowerCase());
  if (exceptId !== undefined) q = q.where('batch_id', '<>', exceptId);
  return q.executeTakeFirst().then(Boolean);
}

export function insertBatch(trx: Db, row: InsertableBatchRow): Promise<BatchRow> {
  return trx.insertInto('batches').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateBatch(trx: Db, batchId: number, changes: UpdateableBatchRow): Promise<BatchRow> {
  return trx
    .updateTable('batches')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('batch_id', '=', batchId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteBatch(trx: Db, batchId: number) {
  return trx.deleteFrom('batches').where('batch_id', '=', batchId).execute();
}

export function insertStatusHistory(
  trx: Db,
  rows: Array<{ company_id: number; batch_id: number; from_status: string | null; to_status: string; changed_by: number | null; changed_at?: Date }>,
) {
  if (rows.length === 0) return Promise.resolve();
  return trx.insertInto('batch_status_history').values(rows).execute();
}

export function statusHistory(db: Db, batchId: number) {
  return db
    .selectFrom('batch_status_history')
    .select(['from_status', 'to_status', 'changed_by', 'changed_at'])
    .where('batch_id', '=', batchId)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
}

export function customStatuses(db: Db, companyId: number) {
  return db.selectFrom('custom_batch_statuses').selectAll().where('company_id', '=', companyId).orderBy('status_name').execute();
}

export function findCustomStatus(db: Db, companyId: number, name: string) {
  return db
    .selectFrom('custom_batch_statuses')
    .selectAll()
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(status_name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export function insertCustomStatus(trx: Db, companyId: number, name: string) {
  return trx.insertInto('custom_batch_statuses').values({ company_id: companyId, status_name: name }).returningAll().executeTakeFirstOrThrow();
}

export function deleteCustomStatus(trx: Db, id: number) {
  return trx.deleteFrom('custom_batch_statuses').where('id', '=', id).execute();
}

export function countBatchesWithStatus(db: Db, companyId: number, name: string): Promise<number> {
  return db
    .selectFrom('batches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(batch_status)`, '=', name.toLowerCase())
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export const findRoom = (db: Db, companyId: number, roomId: number) =>
  db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();

export const findGrid = (db: Db, companyId: number, gridId: number) =>
  db.selectFrom('grids').select(['grid_id', 'name']).where('company_id', '=', companyId).where('grid_id', '=', gridId).executeTakeFirst();

export const findGridBox = (db: Db, companyId: number, boxId: number) =>
  db.selectFrom('grid_boxes').select(['grid_box_id', 'grid_id']).where('company_id', '=', companyId).where('grid_box_id', '=', boxId).executeTakeFirst();

export async function ownedGridBoxIds(db: Db, companyId: number, boxIds: number[]): Promise<number[]> {
  const rows = await db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', companyId).where('grid_box_id', 'in', boxIds).execute();
  return rows.map((r) => r.grid_box_id);
}

export function gridBoxesOfGrid(db: Db, companyId: number, gridId: number) {
  return db
    .selectFrom('grid_boxes')
    .select('grid_box_id')
    .where('company_id', '=', companyId)
    .where('grid_id', '=', gridId)
    .orderBy('grid_box_id')
    .execute();
}
