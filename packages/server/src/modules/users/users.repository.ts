import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Language } from '@verdant/contract';
import type { DB, UserTable } from '../../db/schema.js';

export type UserProfileRow = Pick<
  Selectable<UserTable>,
  'user_id' | 'company_id' | 'first_name' | 'last_name' | 'email' | 'user_role' | 'location' | 'created_at' | 'active'
>;

const PROFILE = ['user_id', 'company_id', 'first_name', 'last_name', 'email', 'user_role', 'location', 'created_at', 'active'] as const;

export async function listUsers(db: Kysely<DB>, companyId: number, userId?: number): Promise<UserProfileRow[]> {
  let q = db.selectFrom('users').select(PROFILE).where('company_id', '=', companyId);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.orderBy('last_name').orderBy('first_name').orderBy('user_id').execute();
}

export async function findThreshold(db: Kysely<DB>, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('threshold').where('user_id', '=', userId).executeTakeFirst();
  return row?.threshold ?? null;
}

export async function updateUserFields(
  db: Kysely<DB>,
  userId: number,
  fields: { threshold?: number; location?: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
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

export async function updateAccess(
  db: Kysely<DB>,
  userId: number,
  fields: { user_role?: UserProfileRow['user_role']; active?: boolean },
): Promise<UserProfileRow> {
  return db
    .updateTable('users')
    .set({ ...fields, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returning(PROFILE)
    .executeTakeFirstOrThrow();
}

/** The user's own language (null follows the company's), in the caller's transaction; the previous value for the audit. */
export async function setLanguage(trx: Transaction<DB>, companyId: number, userId: number, language: Language | null) {
  const before = await trx.selectFrom('users').select('language').where('user_id', '=', userId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  await trx.updateTable('users').set({ language, updated_at: new Date() }).where('user_id', '=', userId).execute();
  return before;
}
