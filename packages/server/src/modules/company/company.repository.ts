import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { CompanyTable, DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type CompanyRow = Selectable<CompanyTable>;

export function findCompanyById(db: Db, companyId: number): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export function insertCompany(db: Db, row: Insertable<CompanyTable>): Promise<CompanyRow> {
  return db.insertInto('companies').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function emailHasOpenInvitation(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('invitation_id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}
