import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, PasswordResetTable, RefreshTokenTable, UserTable } from '../../db/schema.js';

// Auth owns the `users` table (issue 21: one writer): its credential side here, and the account columns other
// modules change through changeAccount (auth.service.ts): users/ the profile and access, consultants/ a grant's access.
export type UserRow = Selectable<UserTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
export type PasswordResetRow = Selectable<PasswordResetTable>;

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<DB>, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertUser(db: Kysely<DB>, row: Insertable<UserTable>): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updatePasswordHash(db: Kysely<DB>, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

export async function insertRefreshToken(db: Kysely<DB>, row: Insertable<RefreshTokenTable>): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

/** Row-locks the token so two refreshes with the same token are serialised. */
export async function lockRefreshToken(db: Kysely<DB>, tokenId: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_id', '=', tokenId).forUpdate().executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Kysely<DB>, tokenId: string, at: Date): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: at }).where('token_id', '=', tokenId).execute();
}

export async function revokeFamily(db: Kysely<DB>, familyId: string, at: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserTokens(db: Kysely<DB>, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes a family only if it is the user's: a forged-looking pair of ids changes nothing. */
export async function revokeUserFamily(db: Kysely<DB>, userId: number, familyId: string, at: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every access token issued before this is refused (plugins/auth.ts compares the versions). */
export async function bumpTokenVersion(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: new Date() }))
    .where('user_id', '=', userId)
    .execute();
}

export async function insertPasswordReset(db: Kysely<DB>, row: Insertable<PasswordResetTable>): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/** Older links stop working when a new one is sent: only the latest mail is live. */
export async function retireOpenResets(db: Kysely<DB>, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function findPasswordReset(db: Kysely<DB>, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses the link up, atomically: the row comes back only to the one attempt that claimed it. */
export async function claimPasswordReset(db: Kysely<DB>, tokenHash: string, at: Date): Promise<PasswordResetRow | undefined> {
  return db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The account columns other modules change (never e-mail or password: those are auth's own). */
export type AccountChange = Pick<Updateable<DB['users']>, 'threshold' | 'location' | 'user_role' | 'active' | 'language' | 'spray_licence_number'>;

export async function updateAccount(db: Kysely<DB>, userId: number, fields: AccountChange): Promise<UserRow> {
  return db.updateTable('users').set({ ...fields, updated_at: new Date() }).where('user_id', '=', userId).returningAll().executeTakeFirstOrThrow();
}
