import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

const columns = ['s.side_effect_id', 's.product_id', 'p.name as product_name', 's.species', 's.effect', 's.persistence_days', 's.updated_at'] as const;

export const listSideEffects = (db: Db, companyId: number, limit: number) =>
  db.selectFrom('beneficial_side_effects as s').innerJoin('spray_products as p', 'p.product_id', 's.product_id')
    .select(columns).where('s.company_id', '=', companyId).orderBy('p.name').orderBy('s.species').limit(limit).execute();
export type SideEffectRow = Awaited<ReturnType<typeof listSideEffects>>[number];

export const findSideEffect = (db: Db, companyId: number, id: number) =>
  db.selectFrom('beneficial_side_effects as s').innerJoin('spray_products as p', 'p.product_id', 's.product_id')
    .select(columns).where('s.company_id', '=', companyId).where('s.side_effect_id', '=', id).executeTakeFirst();

/** One row per product and species (case-blind): a second save of the same pair changes it. */
export async function upsertSideEffect(trx: Transaction<DB>, row: { company_id: number; product_id: number; species: string; effect: string; persistence_days: number; updated_by: number }) {
  const r = await sql<{ side_effect_id: number }>`
    INSERT INTO beneficial_side_effects (company_id, product_id, species, effect, persistence_days, updated_by)
    VALUES (${row.company_id}, ${row.product_id}, ${row.species}, ${row.effect}, ${row.persistence_days}, ${row.updated_by})
    ON CONFLICT (company_id, product_id, lower(species))
    DO UPDATE SET species = EXCLUDED.species, effect = EXCLUDED.effect, persistence_days = EXCLUDED.persistence_days,
                  updated_by = EXCLUDED.updated_by, updated_at = now()
    RETURNING side_effect_id`.execute(trx);
  return r.rows[0]!.side_effect_id;
}

export const deleteSideEffect = (trx: Transaction<DB>, companyId: number, id: number) =>
  trx.deleteFrom('beneficial_side_effects').where('company_id', '=', companyId).where('side_effect_id', '=', id).executeTakeFirst();
