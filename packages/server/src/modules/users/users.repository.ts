import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, UserTable } from '../../db/schema.js';

export type UserProfileRow = Pick<
  Selectable<DB['users']>,
  'user_id' | 'company_id' | 'first_name' | 'last_name' | 'email' | 'user_role' | 'location' | 'created_at' | 'active' | 'spray_licence_number'
>;

const PROFILE = ['user_id', 'company_id', 'first_name', 'last_name', 'email', 'user_role', 'location', 'created_at', 'active', 'spray_licence_number'] as const;

export async function listUsers(db: Kysely<DB>, companyId: number, userId?: number): Promise<UserProfileRow[]> {
  let q = db.selectFrom('users').select(PROFILE).where('company_id', '=', companyId);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.orderBy('last_name').orderBy('first_name').orderBy('user_id').execute();
}

export async function findThreshold(db: Kysely<DB>, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('threshold').where('user_id', '=', userId).executeTakeFirst();
  return row?.threshold ?? null;
}

/** Row-locks one user of the company, so two administrators changing them at once are serialised. */
export async function lockUser(db: Kysely<DB>, companyId: number, userId: number): Promise<UserProfileRow | undefined> {
  return db
    .selectFrom('users')
    .select(PROFILE)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** The profile columns of a user row. */
export const profileOf = (row: Selectable<UserTable> & Partial<Pick<Selectable<DB['users']>, 'spray_licence_number'>>): UserProfileRow =>
  ({ ...Object.fromEntries(PROFILE.map((k) => [k, row[k as keyof typeof row]])), spray_licence_number: row.spray_licence_number ?? null }) as UserProfileRow;

/** Locks a user of the company for a change of their language; their language now, for the audit. */
export function lockLanguage(trx: Transaction<DB>, companyId: number, userId: number) {
  return trx.selectFrom('users').select('language').where('user_id', '=', userId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
}

export function lockLicence(trx: Transaction<DB>, companyId: number, userId: number) {
  return trx.selectFrom('users').select('spray_licence_number').where('user_id', '=', userId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
}
