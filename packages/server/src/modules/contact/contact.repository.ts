import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ContactMessageTable, DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
const KIND = 'contact';

/** Timestamps of this key's attempts inside the window, oldest first. */
export async function recentAttempts(db: Db, key: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('auth_attempts')
    .select('at')
    .where('kind', '=', KIND)
    .where('key', '=', key)
    .where('at', '>', since)
    .orderBy('at', 'asc')
    .execute();
  return rows.map((r) => new Date(r.at));
}

export async function recordAttempt(db: Db, key: string): Promise<void> {
  await db.insertInto('auth_attempts').values({ kind: KIND, key }).execute();
}

export async function insertContactMessage(db: Db, row: Insertable<ContactMessageTable>): Promise<number> {
  const inserted = await db.insertInto('contact_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
