import fs from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import type { DatabaseHandle } from './database.js';
import type { DB } from './schema.js';
import { EmbeddedDialect, SessionLock, runOnPglite } from './embedded-dialect.js';
import { withWriteReceipts } from './write-receipts.js';
import { lockDataDir } from './data-dir-lock.js';

const PGLITE_OPTIONS = {
  // Trigram indexes for the autocomplete (migration 2026_11_27_0800).
  extensions: { pg_trgm },
  // The same value shapes as `pg` gives on a real server (database.ts).
  parsers: {
    [types.INT8]: (v: string) => Number.parseInt(v, 10),
    [types.NUMERIC]: (v: string) => Number.parseFloat(v),
    [types.DATE]: (v: string) => v,
  },
};

/**
 * Opens PGlite inside this process (in `dir`, or in memory when dir is undefined). Nothing listens on
 * a port or socket: only this process can read the data. Every user of the one PGlite session — Kysely
 * connections, transactions, pg-boss, raw queries — takes it in turns through one SessionLock.
 */
export async function openEmbeddedDatabase(dir?: string, image?: string): Promise<DatabaseHandle> {
  if (dir && image) throw new Error('openEmbeddedDatabase: an image starts an in-memory database only');
  // Owner-only: the files hold every account's data.
  if (dir) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const unlock = dir ? lockDataDir(dir) : () => {};
  const loadDataDir = image ? new Blob([await fs.readFile(image)]) : undefined;
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    // Starting from a dumped data directory skips initdb, most of a fresh start's seconds.
    ...(loadDataDir ? { loadDataDir } : {}),
    ...PGLITE_OPTIONS,
  }).catch((err: unknown) => {
    unlock();
    throw err;
  });
  const lock = new SessionLock();
  const db = new Kysely<DB>({ dialect: withWriteReceipts(new EmbeddedDialect(pglite, lock), { holdForAnswer: false }) });
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

/**
 * Writes an in-memory database's data directory to `file` (uncompressed tar) after `prepare` ran on it, for
 * `openEmbeddedDatabase(undefined, file)`: the test suite migrates once and every test app starts from the copy.
 */
export async function dumpEmbeddedImage(file: string, prepare: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const pglite = await PGlite.create(PGLITE_OPTIONS);
  const lock = new SessionLock();
  const db = new Kysely<DB>({ dialect: new EmbeddedDialect(pglite, lock) });
  const query = (text: string, values?: unknown[]) => lock.run(() => runOnPglite(pglite, text, values));
  try {
    await prepare({ db, kind: 'embedded', query, jobsConnection: { db: { executeSql: query } }, close: async () => {} });
    const image = await lock.run(() => pglite.dumpDataDir('none'));
    await fs.writeFile(file, Buffer.from(await image.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.destroy();
    await lock.run(() => pglite.close());
  }
}
