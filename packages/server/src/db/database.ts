import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema.js';

// Counts and bigint ids fit in a JS number here; dates without time stay 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDatabase(connectionString: string, max = 10, onError?: (err: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (err) => onError?.(err));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}
