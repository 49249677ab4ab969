import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiTokenTable, DB } from '../../db/schema.js';

export type ApiTokenRow = Selectable<ApiTokenTable>;

export async function insertToken(db: Kysely<DB>, row: Insertable<ApiTokenTable>): Promise<ApiTokenRow> {
  return db.insertInto('api_tokens').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The owner's row, locked: two creates at once count each other's tokens. */
export async function lockOwner(db: Kysely<DB>, companyId: number, userId: number): Promise<void> {
  await db.selectFrom('users').select('user_id').where('company_id', '=', companyId).where('user_id', '=', userId).forUpdate().execute();
}

export async function countLive(db: Kysely<DB>, companyId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listLive(db: Kysely<DB>, companyId: number, userId: number): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('token_id', 'desc')
    .execute();
}

/** The caller's own token, locked (another person's or company's is not found). */
export async function lockOwnToken(db: Kysely<DB>, companyId: number, userId: number, tokenId: number): Promise<ApiTokenRow | undefined> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .forUpdate()
    .executeTakeFirst();
}

export async function revokeToken(db: Kysely<DB>, companyId: number, tokenId: number, at: Date): Promise<void> {
  await db.updateTable('api_tokens').set({ revoked_at: at }).where('company_id', '=', companyId).where('token_id', '=', tokenId).execute();
}

/** A live token with its owner's account as it is now: one primary-key lookup joined to the user's key. */
export async function findLiveWithOwner(db: Kysely<DB>, companyId: number, tokenId: number) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', (j) => j.onRef('u.user_id', '=', 't.user_id').onRef('u.company_id', '=', 't.company_id'))
    .select(['t.company_id', 't.token_id', 't.user_id', 't.scope', 't.token_hash', 'u.user_role', 'u.active'])
    .where('t.company_id', '=', companyId)
    .where('t.token_id', '=', tokenId)
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Records a use, unless one was recorded within the last minute (by any server). */
export async function touchLastUsed(db: Kysely<DB>, companyId: number, tokenId: number, at: Date, notSince: Date): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: at })
    .where('company_id', '=', companyId)
    .where('token_id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notSince)]))
    .execute();
}
