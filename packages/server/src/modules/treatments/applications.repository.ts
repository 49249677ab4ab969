import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Of `ids`, those that are grid boxes of the company. */
export async function ownBoxIds(db: Db, companyId: number, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', companyId).where('grid_box_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.grid_box_id));
}

export interface NewApplication {
  company_id: number;
  product_id: number;
  application_date: string;
  applied_at: Date | null;
  quantity_used: number;
  reentry_until: Date | null;
  preharvest_until: string | null;
  applied_by: number;
}

export async function insertApplication(trx: Transaction<DB>, row: NewApplication, boxIds: readonly number[]): Promise<number> {
  const made = await trx.insertInto('treatment_applications').values(row).returning('application_id').executeTakeFirstOrThrow();
  await trx
    .insertInto('treatment_application_boxes')
    .values(boxIds.map((grid_box_id) => ({ application_id: made.application_id, grid_box_id })))
    .execute();
  return made.application_id;
}

export async function findApplication(db: Db, companyId: number, applicationId: number) {
  const head = await db
    .selectFrom('treatment_applications as a')
    .innerJoin('spray_products as p', 'p.product_id', 'a.product_id')
    .select([
      'a.application_id', 'a.application_date', 'a.applied_at', 'a.quantity_used', 'a.reentry_until', 'a.preharvest_until', 'a.applied_by',
      'a.product_id', 'p.name as product_name',
    ])
    .where('a.company_id', '=', companyId)
    .where('a.application_id', '=', applicationId)
    .executeTakeFirst();
  if (!head) return undefined;
  const boxes = await db
    .selectFrom('treatment_application_boxes')
    .select('grid_box_id')
    .where('application_id', '=', applicationId)
    .orderBy('grid_box_id')
    .execute();
  return { ...head, grid_box_ids: boxes.map((b) => b.grid_box_id) };
}
export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;
