import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

function treatments(db: Db, companyId: number) {
  return db
    .selectFrom('treatments as t')
    .innerJoin('spray_products as p', 'p.product_id', 't.product_id')
    .select([
      't.treatment_id', 't.treatment_type', 't.sub_type', 't.notes', 't.product_id', 'p.name as product_name', 't.company_id', 't.is_deleted',
      't.created_at', 't.updated_at',
    ])
    .where('t.company_id', '=', companyId);
}

export const listAll = (db: Db, companyId: number) =>
  treatments(db, companyId).orderBy('p.name').orderBy('t.treatment_type').orderBy('t.treatment_id').execute();
export type TreatmentRow = Awaited<ReturnType<typeof listAll>>[number];

/** Live treatments of a type, of live products, optionally of one product. */
export function listLive(db: Db, companyId: number, type: string, productId?: number) {
  let q = treatments(db, companyId).where('t.treatment_type', '=', type).where('t.is_deleted', '=', false).where('p.deleted_at', 'is', null);
  if (productId !== undefined) q = q.where('t.product_id', '=', productId);
  return q.orderBy('p.name').orderBy('t.treatment_id').execute();
}

export const findTreatment = (db: Db, companyId: number, treatmentId: number) =>
  treatments(db, companyId).where('t.treatment_id', '=', treatmentId).executeTakeFirst();

/** The treatment a product has of a type (there is at most one), locked for a change. */
export const lockByProductType = (trx: Transaction<DB>, companyId: number, productId: number, type: string) =>
  trx
    .selectFrom('treatments')
    .select(['treatment_id', 'product_id', 'treatment_type', 'sub_type', 'notes', 'is_deleted'])
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where('treatment_type', '=', type)
    .forUpdate()
    .executeTakeFirst();

export interface NewTreatment {
  company_id: number;
  product_id: number;
  treatment_type: string;
  sub_type: string | null;
  notes: string | null;
  created_by: number;
}

export async function insertTreatment(trx: Transaction<DB>, row: NewTreatment): Promise<number> {
  const made = await trx.insertInto('treatments').values(row).returning('treatment_id').executeTakeFirstOrThrow();
  return made.treatment_id;
}

export interface TreatmentChanges {
  sub_type?: string | null;
  notes?: string | null;
  is_deleted?: boolean;
}

export async function updateTreatment(trx: Transaction<DB>, treatmentId: number, changes: TreatmentChanges): Promise<void> {
  await trx.updateTable('treatments').set({ ...changes, updated_at: new Date() }).where('treatment_id', '=', treatmentId).execute();
}

/** Switches off the live treatments of a product (it was deleted); answers their ids. */
export async function switchOffByProduct(trx: Transaction<DB>, productId: number, at: Date): Promise<number[]> {
  const off = await trx
    .updateTable('treatments')
    .set({ is_deleted: true, updated_at: at })
    .where('product_id', '=', productId)
    .where('is_deleted', '=', false)
    .returning('treatment_id')
    .execute();
  return off.map((r) => r.treatment_id);
}
