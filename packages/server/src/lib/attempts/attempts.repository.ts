import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface AttemptKey {
  kind: string;
  key: string;
}

export async function insertAttempts(db: Kysely<DB>, keys: AttemptKey[], at: Date): Promise<number[]> {
  const rows = await db
    .insertInto('auth_attempts')
    .values(keys.map((k) => ({ kind: k.kind, key: k.key, at })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function attemptTimes(db: Kysely<DB>, k: AttemptKey, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('auth_attempts')
    .select('at')
    .where('kind', '=', k.kind)
    .where('key', '=', k.key)
    .where('at', '>', since)
    .orderBy('at', 'asc')
    .execute();
  return rows.map((r) => r.at);
}

export async function deleteAttemptsById(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('auth_attempts').where('id', 'in', ids).execute();
}

export async function deleteAttempts(db: Kysely<DB>, k: AttemptKey, before?: Date): Promise<void> {
  let q = db.deleteFrom('auth_attempts').where('kind', '=', k.kind).where('key', '=', k.key);
  if (before) q = q.where('at', '<=', before);
  await q.execute();
}

/** Attempts of `kind` whose key starts with `prefix` since `since` (one account from every address). */
export async function countAttemptsByPrefix(db: Kysely<DB>, kind: string, prefix: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('auth_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where(sql<boolean>`starts_with(key, ${prefix})`)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteAttemptsByPrefix(db: Kysely<DB>, kind: string, prefix: string): Promise<void> {
  await db.deleteFrom('auth_attempts').where('kind', '=', kind).where(sql<boolean>`starts_with(key, ${prefix})`).execute();
}
