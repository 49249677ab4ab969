import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { PGlite, Results } from '@electric-sql/pglite';

/**
 * A first-come-first-served lock over the one PGlite session. PGlite is a single PostgreSQL backend:
 * two requests sharing it must take turns for a whole statement, or for a whole transaction, or their
 * prepared statements, portals and BEGIN … COMMIT interleave.
 */
export class SessionLock {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const turn = this.tail.then(() => {
      this.waiting--;
      return release;
    });
    this.waiting++;
    this.tail = this.tail.then(() => held);
    return turn;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** How many callers wait for the session (for diagnostics and tests). */
  get queued(): number {
    return this.waiting;
  }
}

/**
 * Runs one SQL text on PGlite the way `pg` would: with parameters through the extended protocol (one
 * statement), without them through the simple protocol (several statements allowed; the last result
 * answers), so migrations and pg-boss's multi-statement commands behave as on a real server.
 */
export async function runOnPglite(pglite: PGlite, text: string, values?: readonly unknown[]): Promise<Results> {
  if (values && values.length > 0) return pglite.query(text, values as unknown[]);
  const results = await pglite.exec(text);
  return results[results.length - 1] ?? { rows: [], fields: [], affectedRows: 0 };
}

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await runOnPglite(this.pglite, compiled.sql, compiled.parameters);
    const changes = result.command === 'INSERT' || result.command === 'UPDATE' || result.command === 'DELETE' || result.command === 'MERGE';
    return {
      rows: result.rows as R[],
      ...(changes ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  // eslint-disable-next-line require-yield -- PGlite answers whole results; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded database; page with keyset queries instead.');
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  /** The release of the current holder: the lock lets only one caller hold the session at a time. */
  private release?: () => void;

  constructor(
    pglite: PGlite,
    private readonly lock: SessionLock,
  ) {
    this.connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.lock.acquire();
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {}
}

// Savepoint names come from our own code, never from a request; quoting keeps them one identifier.
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Kysely over an in-process PGlite whose one session is taken in turns (see SessionLock). */
export class EmbeddedDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly lock: SessionLock,
  ) {}

  createDriver(): Driver {
    return new PgliteDriver(this.pglite, this.lock);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
