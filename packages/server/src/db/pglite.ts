import fs from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import type { DatabaseHandle } from './database.js';
import type { DB } from './schema.js';
import { EmbeddedDialect, SessionLock, runOnPglite } from './embedded-dialect.js';
import { withWriteReceipts } from './write-receipts.js';
import { lockDataDir } from './data-dir-lock.js';

/**
 * Opens PGlite inside this process (in `dir`, or in memory when dir is undefined). Nothing listens on
 * a port or socket: only this process can read the data. Every user of the one PGlite session — Kysely
 * connections, transactions, pg-boss, raw queries — takes it in turns through one SessionLock.
 */
export async function openEmbeddedDatabase(dir?: string): Promise<DatabaseHandle> {
  // Owner-only: the files hold every account's data.
  if (dir) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const unlock = dir ? lockDataDir(dir) : () => {};
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    // Trigram indexes for the autocomplete (migration 2026_11_27_0800).
    extensions: { pg_trgm },
    // The same value shapes as `pg` gives on a real server (database.ts).
    parsers: {
      [types.INT8]: (v: string) => Number.parseInt(v, 10),
      [types.NUMERIC]: (v: string) => Number.parseFloat(v),
      [types.DATE]: (v: string) => v,
    },
  }).catch((err: unknown) => {
    unlock();
    throw err;
  });
  const lock = new SessionLock();
  const db = new Kysely<DB>({ dialect: withWriteReceipts(new EmbeddedDialect(pglite, lock)) });
  const query = (text: string, values?: unknown[]) => lock.run(() => runOnPglite(pglite, text, values));
  return {
    db,
    kind: 'embedded',
    query,
    jobsConnection: { db: { executeSql: query } },
    async close() {
      await db.destroy();
      // Waits for whoever holds the session, then closes it (flushes to dir).
      await lock.run(() => pglite.close());
      unlock();
    },
  };
}
