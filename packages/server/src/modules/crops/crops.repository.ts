import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_CROPS } from '@verdant/contract';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Puts the default crops in once per company: the marker row's insert decides, so two first reads at the
 * same moment seed once, and a company that deleted every crop does not get them back.
 */
export async function seedDefaultsOnce(trx: Transaction<DB>, companyId: number): Promise<void> {
  const first = await trx.insertInto('crop_list_seeds').values({ company_id: companyId }).onConflict((oc) => oc.doNothing()).returning('company_id').executeTakeFirst();
  if (!first) return;
  await trx.insertInto('crops')
    .values(DEFAULT_CROPS.map(([name, eppo]) => ({ company_id: companyId, name, eppo_code: eppo })))
    .onConflict((oc) => oc.expression(sql`company_id, lower(name)`).doNothing())
    .execute();
}

export const isSeeded = async (db: Db, companyId: number) =>
  (await db.selectFrom('crop_list_seeds').select('company_id').where('company_id', '=', companyId).executeTakeFirst()) !== undefined;

const withBatchCount = (db: Db, companyId: number) =>
  db.selectFrom('crops as c')
    .select(['c.crop_id', 'c.name', 'c.eppo_code'])
    .select((eb) => eb.selectFrom('batches as b').whereRef('b.crop_id', '=', 'c.crop_id').select(eb.fn.countAll<number>().as('n')).as('batch_count'))
    .where('c.company_id', '=', companyId);

export const listCrops = (db: Db, companyId: number) => withBatchCount(db, companyId).orderBy(sql`lower(c.name)`).orderBy('c.crop_id').execute();
export type CropRow = Awaited<ReturnType<typeof listCrops>>[number];

export const findCrop = (db: Db, companyId: number, cropId: number) => withBatchCount(db, companyId).where('c.crop_id', '=', cropId).executeTakeFirst();

export const lockCrop = (trx: Transaction<DB>, companyId: number, cropId: number) =>
  trx.selectFrom('crops').selectAll().where('company_id', '=', companyId).where('crop_id', '=', cropId).forUpdate().executeTakeFirst();

export async function nameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('crops').select('crop_id').where('company_id', '=', companyId).where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== undefined) q = q.where('crop_id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertCrop(trx: Transaction<DB>, row: { company_id: number; name: string; eppo_code: string; created_by: number }) {
  return (await trx.insertInto('crops').values(row).returning('crop_id').executeTakeFirstOrThrow()).crop_id;
}

export async function updateCrop(trx: Transaction<DB>, cropId: number, changes: { name: string; eppo_code: string }) {
  await trx.updateTable('crops').set({ ...changes, updated_at: new Date() }).where('crop_id', '=', cropId).execute();
}

/**
 * Batches naming the crop. Counted after the crop's row lock (lockCrop): a batch taking the crop holds the crop
 * for share (crops.service cropOfCompany) until it commits, so it is either counted here or waits and then finds
 * the crop gone. No lock on batches, so a batch edit and a crop delete never wait on each other in turn.
 */
export async function batchesUsing(trx: Transaction<DB>, cropId: number): Promise<number> {
  const row = await trx.selectFrom('batches').select((eb) => eb.fn.countAll<number>().as('n')).where('crop_id', '=', cropId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteCrop(trx: Transaction<DB>, cropId: number) {
  await trx.deleteFrom('crops').where('crop_id', '=', cropId).execute();
}
