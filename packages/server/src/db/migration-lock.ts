import pg from 'pg';
import { PostgresAdapter, PostgresDialect, type Dialect } from 'kysely';

// Any constant; the same on every process sharing the database (others: jobs/boss.ts, saved reports, scouting).
const MIGRATION_LOCK = 746_100_003;

/**
 * Kysely's migration lock is a session advisory lock taken on the migrating connection before its transaction.
 * Behind PgBouncer's transaction pooling (docs/deploy.md) that statement and the migrations' transaction can land
 * on different server connections: two processes starting together both migrate (duplicate types), and the lock
 * can stay behind on a pooled server connection. Here the lock is transaction-scoped, held by a transaction of its
 * own on a second pooled connection for as long as the migrations run, which keeps its server connection pinned.
 */
export class MigrationLockInTransaction extends PostgresAdapter {
  #held: pg.PoolClient | null = null;

  constructor(private readonly pool: pg.Pool) {
    super();
  }

  override async acquireMigrationLock(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // A first start migrates a fresh database for tens of seconds: wait for it, past the request-sized timeout.
      await client.query("SET LOCAL statement_timeout = '10min'");
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    } catch (err) {
      client.release(true);
      throw err;
    }
    this.#held = client;
  }

  override async releaseMigrationLock(): Promise<void> {
    const client = this.#held;
    this.#held = null;
    if (!client) return;
    try {
      await client.query('COMMIT');
      client.release();
    } catch (err) {
      client.release(true);
      throw err;
    }
  }
}

/** PostgreSQL's dialect on `pool`, with the migration lock above. */
export function postgresDialect(pool: pg.Pool): Dialect {
  const base = new PostgresDialect({ pool });
  return {
    createDriver: () => base.createDriver(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createAdapter: () => new MigrationLockInTransaction(pool),
    createIntrospector: (db) => base.createIntrospector(db),
  };
}
