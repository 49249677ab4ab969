import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export function listMappings(db: Db, companyId: number) {
  return db.selectFrom('problem_color_mappings').selectAll().where('company_id', '=', companyId).orderBy(sql`lower(problem)`).execute();
}
export type MappingRow = Awaited<ReturnType<typeof listMappings>>[number];

/** The mapping of a problem, matched case-insensitively (the unique index is on lower(problem)). */
export function lockMapping(trx: Transaction<DB>, companyId: number, problem: string) {
  return trx
    .selectFrom('problem_color_mappings')
    .selectAll()
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(problem)`, '=', problem.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts unless a concurrent call got there first (then undefined: the caller re-reads and updates). */
export function insertMapping(trx: Transaction<DB>, row: { company_id: number; problem: string; color: string; abbreviation: string }) {
  return trx
    .insertInto('problem_color_mappings')
    .values(row)
    .onConflict((oc) => oc.expression(sql`company_id, lower(problem)`).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateMapping(trx: Transaction<DB>, id: number, set: { color: string; abbreviation: string }) {
  return trx
    .updateTable('problem_color_mappings')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteMapping(trx: Transaction<DB>, id: number) {
  return trx.deleteFrom('problem_color_mappings').where('id', '=', id).execute();
}

/** Library (or own) problems whose name or slug is one of `problems` (lower-cased), with their default colour. */
export function libraryColors(db: Db, companyId: number, problems: string[]) {
  if (problems.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('plant_problems')
    .select(['name', 'slug', 'default_color', 'company_id'])
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, 'in', problems), eb('slug', 'in', problems)]))
    .execute();
}

export function mappingsFor(db: Db, companyId: number, problems: string[]) {
  if (problems.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('problem_color_mappings')
    .selectAll()
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(problem)`, 'in', problems)
    .execute();
}
