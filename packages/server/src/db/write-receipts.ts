import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { conflict } from '../lib/errors.js';

/** The Idempotency-Key a request holds while its handler runs. */
export interface WriteReceipt {
  scope: string;
  key: string;
  /** The lease this request holds; a takeover after the lease lapsed changes it. */
  leaseToken: string;
  /** Set once a write of this request has committed together with its receipt. */
  committed: boolean;
}

const receipts = new AsyncLocalStorage<WriteReceipt>();

/** Runs a keyed request's handler so that its first committed write also records `committed_at`. */
export function withWriteReceipt<T>(receipt: WriteReceipt, fn: () => Promise<T>): Promise<T> {
  return receipts.run(receipt, fn);
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

function isWrite(query: CompiledQuery): boolean {
  return WRITE_NODES.has(query.query.kind) || (query.query.kind === 'RawNode' && RAW_WRITE.test(query.sql));
}

const DIVISION_BY_ZERO = '22012';
const TAKEN_OVER = 'A retry of this request took over its Idempotency-Key; this attempt was not applied.';

/** A string as an SQL literal whatever `standard_conforming_strings` says (text cannot hold NUL). */
const literal = (text: string) => `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Marks the receipt and commits in one round trip: a text of two statements, sent without parameters
 * (the simple protocol), so the values are literals. A key taken over marks no row: `1 / count(*)`
 * then fails with division_by_zero, the only answer a two-statement text can carry back, the COMMIT
 * after it never runs and the caller rolls back.
 */
async function markCommittedAndCommit(conn: DatabaseConnection, receipt: WriteReceipt) {
  const mark = `with marked as (update idempotency_keys set committed_at = now() where scope = ${literal(receipt.scope)} and key = ${literal(receipt.key)} and lease_token = ${literal(receipt.leaseToken)} and committed_at is null returning 1) select 1 / count(*) from marked`;
  try {
    await conn.executeQuery(CompiledQuery.raw(`${mark}; commit`));
  } catch (err) {
    if ((err as { code?: unknown }).code === DIVISION_BY_ZERO) throw conflict(TAKEN_OVER);
    throw err;
  }
}


class ReceiptConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const receipt = receipts.getStore();
    if (this.inTransaction || !receipt || receipt.committed || !isWrite(query)) return this.inner.executeQuery<R>(query);
    // An autocommit write of a keyed request becomes a transaction with its receipt, so a crash can
    // never leave the write applied without the key knowing.
    await this.inner.executeQuery(CompiledQuery.raw('begin'));
    try {
      const result = await this.inner.executeQuery<R>(query);
      await markCommittedAndCommit(this.inner, receipt);
      receipt.committed = true;
      return result;
    } catch (err) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
      throw err;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ReceiptDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReceiptConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = conn as ReceiptConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as ReceiptConnection;
    const receipt = receipts.getStore();
    if (receipt && !receipt.committed) {
      await markCommittedAndCommit(c.inner, receipt);
      c.inTransaction = false;
      receipt.committed = true;
      return;
    }
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as ReceiptConnection;
    c.inTransaction = false;
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint!((conn as ReceiptConnection).inner, name, compile);
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint!((conn as ReceiptConnection).inner, name, compile);
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint!((conn as ReceiptConnection).inner, name, compile);
  }

  releaseConnection(conn: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((conn as ReceiptConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/**
 * Wraps a dialect so that a request holding an Idempotency-Key writes `committed_at` on its key in
 * the same transaction as its first write (see plugins/idempotency.ts).
 */
export function withWriteReceipts(dialect: Dialect): Dialect {
  return {
    createDriver: () => new ReceiptDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
