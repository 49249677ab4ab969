import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { CompanySettingsTable, DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type CompanySettingsRow = Selectable<CompanySettingsTable>;
export type CompanySettingsPatch = Omit<Updateable<CompanySettingsTable>, 'company_id' | 'updated_at'>;

/** Companies made before settings existed have no row; the column defaults are the settings' defaults. */
export async function insertDefaultSettings(db: Db, companyId: number): Promise<void> {
  await db
    .insertInto('company_settings')
    .values({ company_id: companyId })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
}


export function findSettingColumns(
  db: Db,
  companyId: number,
  columns: (keyof CompanySettingsRow)[],
): Promise<Partial<CompanySettingsRow> | undefined> {
  return db.selectFrom('company_settings').select(columns).where('company_id', '=', companyId).executeTakeFirst();
}

/** Locks the row so two concurrent writes record a true before/after pair. */
export function lockSettings(trx: Transaction<DB>, companyId: number): Promise<CompanySettingsRow> {
  return trx
    .selectFrom('company_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function updateSettings(
  trx: Transaction<DB>,
  companyId: number,
  patch: CompanySettingsPatch,
): Promise<CompanySettingsRow> {
  return trx
    .updateTable('company_settings')
    .set({ ...patch, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
