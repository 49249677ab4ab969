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

export async function findTimeZone(db: Db, companyId: number): Promise<string | undefined> {
  return (await db.selectFrom('company_settings').select('time_zone').where('company_id', '=', companyId).executeTakeFirst())?.time_zone;
}

/** The zone before the change, the row locked (undefined when the company has no settings row yet). */
export async function lockTimeZone(trx: Transaction<DB>, companyId: number): Promise<string | undefined> {
  return (await trx.selectFrom('company_settings').select('time_zone').where('company_id', '=', companyId).forUpdate().executeTakeFirst())?.time_zone;
}

export async function upsertTimeZone(trx: Transaction<DB>, companyId: number, zone: string): Promise<void> {
  await trx
    .insertInto('company_settings')
    .values({ company_id: companyId, time_zone: zone, updated_at: new Date() })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ time_zone: zone, updated_at: new Date() }))
    .execute();
}
