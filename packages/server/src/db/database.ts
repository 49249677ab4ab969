import pg from 'pg';
import { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DB } from './schema.js';
import { openEmbeddedDatabase } from './pglite.js';
import { withWriteReceipts } from './write-receipts.js';
import { postgresDialect } from './migration-lock.js';

// Counts and bigint ids fit in a JS number here; dates without time stay 'YYYY-MM-DD' strings.
// (The embedded database is given the same parsers in pglite.ts.)
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Database = Kysely<DB>;

/**
 * Where the data lives: a real PostgreSQL server, or PGlite in this process (in `dir`, or in memory). An in-memory
 * PGlite may start from `image`, a data directory dumped by `dumpEmbeddedImage` (tests start from a migrated one).
 */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'embedded'; dir?: string; image?: string };

export interface SqlResult {
  rows: Array<Record<string, unknown>>;
  rowCount?: number | null;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** Raw SQL beside Kysely, with the same session rules (benchmarks' bare baselines, diagnostics). */
  query(text: string, values?: unknown[]): Promise<SqlResult>;
  /** How pg-boss reaches this database: its own small pool on a server, the shared session when embedded. */
  jobsConnection: Pick<PgBoss.ConstructorOptions, 'connectionString' | 'max' | 'db'>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Pool size on a real server. */
  max?: number;
  /** An idle pooled client dropped by the server (restart, failover) must not crash the process. */
  onError?: (err: Error) => void;
  /** On a real server, a statement running longer is cancelled (0: never). */
  statementTimeoutMs?: number;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  return target.kind === 'embedded' ? openEmbeddedDatabase(target.dir, target.image) : connectPostgres(target.url, options);
}

function connectPostgres(connectionString: string, { max = 10, onError, statementTimeoutMs = 0 }: OpenOptions): DatabaseHandle {
  // Pipelined: a keyed write's BEGIN goes out with its first statement (db/write-receipts.ts). Nothing here uses
  // a cursor (which pipeline mode refuses); every other query is awaited before the next, as without it.
  const pool = new pg.Pool({ connectionString, max, pipeline: true, ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) });
  pool.on('error', (err) => onError?.(err));
  // A connection lost while checked out between two statements (a transaction waiting on app code, the primary
  // killed mid-failover) is reported by an 'error' event that pg-pool only listens for on idle clients: without
  // this listener it would be an uncaught exception and take the process down. The client's next query fails
  // and the request answers 503 (plugins/error-handler.ts).
  pool.on('connect', (client) => client.on('error', (err) => onError?.(err)));
  const db = new Kysely<DB>({ dialect: withWriteReceipts(postgresDialect(pool), { holdForAnswer: true }) });
  return {
    db,
    kind: 'postgres',
    query: (text, values) => pool.query(text, values),
    jobsConnection: { connectionString, max: 3 },
    close: () => db.destroy(),
  };
}
