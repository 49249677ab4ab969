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
  /** Set once a write of this request has committed together with its receipt (or is held to commit with its answer). */
  committed: boolean;
  /** The first write's transaction, kept open until the answer is known so that both commit together (holdForAnswer). */
  held?: HeldWrite;
  /** The answer is on its way (onSend ran): a write that ends after it commits at once. */
  answered?: boolean;
  /** The key is this request's: reserved before the handler ran, or (lazily) at its first write's commit or before its first outside effect. */
  reserved: boolean;
  /** Lazily reserved: what the key is claimed with at the commit of the request's first transaction (see markCommittedAndCommit). */
  claim?: { hash: string; leaseSeconds: number };
  /** Lazily reserved: reserves the key in a commit of its own, before an outside effect; false when the key is another attempt's. */
  reserveAlone?: () => Promise<boolean>;
  /** The key is another attempt's (reservation refused): this request applies nothing and answers what the key holds. */
  repeated?: boolean;
}

/**
 * Thrown where a lazily reserved request finds its key taken by another attempt of the same request: its
 * transaction rolls back, and plugins/idempotency.ts answers what the key holds instead of the handler.
 */
export class RepeatedRequest extends Error {
  constructor() {
    super('Another attempt of this request holds its Idempotency-Key.');
  }
}

interface HeldWrite {
  conn: DatabaseConnection;
  /** Statements of the transaction sent with its COMMIT (deferUntilCommit). */
  deferred: string[];
  release(): Promise<void>;
  /** Set while the held transaction commits, so that two callers wait for one commit. */
  settling?: Promise<void>;
  /** Run once it has committed (or failed): nowAndAfterHeldCommit. */
  after: Array<() => void>;
}

/** What a held write commits with: its answer to keep, or only that it applied (an answer not to keep). */
export type HeldOutcome = { statusCode: number; body: string; contentType: string } | 'answer-not-kept';

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

const deferrable = new WeakSet<CompiledQuery>();

/**
 * A statement whose answer nobody reads (an audit event) may travel with its transaction's COMMIT instead
 * of in a round trip of its own, when that transaction is a keyed write held for its answer. It is then
 * sent with its parameters as literals; a value that cannot be one (not a string, integer or null) sends
 * it at once as usual.
 */
export function deferUntilCommit(query: CompiledQuery): CompiledQuery {
  deferrable.add(query);
  return query;
}

function inlined(query: CompiledQuery): string | null {
  const values = query.parameters.map((v) =>
    v === null || v === undefined ? 'null' : typeof v === 'string' ? literal(v) : Number.isSafeInteger(v) ? String(v) : null,
  );
  if (values.includes(null)) return null;
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => values[Number(n) - 1]!);
}

/**
 * Marks the receipt and commits in one round trip: a text of two statements, sent without parameters
 * (the simple protocol), so the values are literals. A key taken over marks no row: `1 / count(*)`
 * then fails with division_by_zero, the only answer a two-statement text can carry back, the COMMIT
 * after it never runs and the caller rolls back. `outcome` is stored in the same statement: a held
 * write's answer (see holdForAnswer); `deferred` statements of the transaction go first.
 *
 * A key not reserved yet (lazily, plugins/idempotency.ts) is claimed here instead: inserted, or taken
 * over from an attempt that died before applying anything. A concurrent attempt's claim waits for this
 * commit and then claims nothing: that attempt rolls back everything it wrote and answers what the key
 * holds (RepeatedRequest). So the key costs no statement of its own, and exactly one attempt applies.
 */
async function markCommittedAndCommit(conn: DatabaseConnection, receipt: WriteReceipt, outcome?: HeldOutcome, deferred: string[] = []) {
  const claiming = !receipt.reserved && receipt.claim;
  const mark = claiming ? claimText(receipt, claiming, outcome) : markText(receipt, outcome);
  try {
    await conn.executeQuery(CompiledQuery.raw([...deferred, mark, 'commit'].join('; ')));
  } catch (err) {
    if ((err as { code?: unknown }).code !== DIVISION_BY_ZERO) throw err;
    if (claiming) {
      receipt.repeated = true;
      throw new RepeatedRequest();
    }
    throw conflict(TAKEN_OVER);
  }
  receipt.reserved = true;
}

const markText = (receipt: WriteReceipt, outcome: HeldOutcome | undefined) =>
  `with marked as (update idempotency_keys set committed_at = now()${outcomeColumns(outcome)} where scope = ${literal(receipt.scope)} and key = ${literal(receipt.key)} and lease_token = ${literal(receipt.leaseToken)} and committed_at is null returning 1) select 1 / count(*) from marked`;

const outcomeColumns = (outcome: HeldOutcome | undefined) =>
  outcome === undefined
    ? ''
    : outcome === 'answer-not-kept'
      ? ', locked_until = now()'
      : `, status_code = ${Math.trunc(outcome.statusCode)}, response_body = ${literal(outcome.body)}, content_type = ${literal(outcome.contentType)}`;

function claimText(receipt: WriteReceipt, claim: NonNullable<WriteReceipt['claim']>, outcome: HeldOutcome | undefined): string {
  const columns: Record<string, string> = {
    scope: literal(receipt.scope),
    key: literal(receipt.key),
    request_hash: literal(claim.hash),
    lease_token: literal(receipt.leaseToken),
    // Its answer not kept, or kept here: nothing to wait for. Else the request runs on and answers later.
    locked_until: outcome === undefined ? `now() + make_interval(secs => ${Math.trunc(claim.leaseSeconds)})` : 'now()',
    committed_at: 'now()',
  };
  if (outcome !== undefined && outcome !== 'answer-not-kept') {
    columns.status_code = String(Math.trunc(outcome.statusCode));
    columns.response_body = literal(outcome.body);
    columns.content_type = literal(outcome.contentType);
  }
  const names = Object.keys(columns);
  const taken = names.filter((n) => n !== 'scope' && n !== 'key' && n !== 'request_hash').map((n) => `${n} = excluded.${n}`);
  return `with marked as (insert into idempotency_keys (${names.join(', ')}) values (${Object.values(columns).join(', ')}) on conflict (scope, key) do update set ${taken.join(', ')} where idempotency_keys.request_hash = excluded.request_hash and idempotency_keys.status_code is null and idempotency_keys.committed_at is null and idempotency_keys.locked_until < now() returning 1) select 1 / count(*) from marked`;
}

/**
 * Commits the write a keyed request holds, with its receipt and, when given, its outcome (the answer
 * to keep, or that it applied and its answer is not kept). Without one, only the receipt: the answer
 * is then kept later by plugins/idempotency.ts as for a write that was never held. A commit that fails
 * applied nothing (`committed` is false again) and throws.
 */
export function settleHeldWrite(receipt: WriteReceipt, outcome?: HeldOutcome): Promise<void> {
  const held = receipt.held;
  if (!held) return Promise.resolve();
  held.settling ??= (async () => {
    try {
      await markCommittedAndCommit(held.conn, receipt, outcome, held.deferred);
    } catch (err) {
      receipt.committed = false;
      await held.conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
      throw err;
    } finally {
      receipt.held = undefined;
      await held.release();
      for (const run of held.after) run();
    }
  })();
  return held.settling;
}

/**
 * Runs `fn` now and again once the request's held write has committed: for what this process remembers of
 * the database (a cache entry to forget), which a concurrent request could otherwise fill again from the
 * rows as they were before the commit.
 */
export function nowAndAfterHeldCommit(fn: () => void): void {
  fn();
  receipts.getStore()?.held?.after.push(fn);
}

/**
 * Before anything outside the database that a retry could not take back (a mail, a stored file, a
 * webhook), the request's held write commits: the effect must never refer to a write that could still
 * roll back. The same happens before any other query of the request (ReceiptDriver.acquireConnection).
 */
export async function settleBeforeOutsideEffect(): Promise<void> {
  const receipt = receipts.getStore();
  if (!receipt) return;
  if (receipt.repeated) throw new RepeatedRequest();
  if (!receipt.reserved && receipt.reserveAlone) {
    // Not reserved yet (lazily, see plugins/idempotency.ts): the effect must not happen twice, so the key is
    // reserved first; the reservation is no write of this request's (no receipt around it).
    const mine = await receipts.exit(receipt.reserveAlone);
    if (!mine) {
      receipt.repeated = true;
      throw new RepeatedRequest();
    }
    receipt.reserved = true;
  }
  await settleHeld();
}

/** Commits the request's held write, if it holds one. */
async function settleHeld(): Promise<void> {
  const receipt = receipts.getStore();
  if (receipt?.held) await settleHeldWrite(receipt);
}

async function sendDeferred(conn: DatabaseConnection, deferred: string[]) {
  if (deferred.length > 0) await conn.executeQuery(CompiledQuery.raw(deferred.join('; ')));
}

class ReceiptConnection implements DatabaseConnection {
  inTransaction = false;
  /** Kept open past Kysely's commit until the request's answer is known; released by settleHeldWrite. */
  held = false;
  /** In a keyed transaction that will be held: deferUntilCommit's statements wait here for the COMMIT. */
  deferring = false;
  deferred: string[] = [];
  /** The BEGIN on its way, waited for with the next statement (beginTransaction). */
  begun: Promise<void> | undefined;

  constructor(readonly inner: DatabaseConnection) {}

  /** Sends the transaction's first statement (if any) without waiting for its BEGIN: both in one round trip. */
  async start<R>(query?: CompiledQuery): Promise<QueryResult<R> | undefined> {
    const begun = this.begun;
    this.begun = undefined;
    if (!query) {
      await begun;
      return undefined;
    }
    const [, result] = await Promise.all([begun, this.inner.executeQuery<R>(query)]);
    return result;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const receipt = receipts.getStore();
    if (this.deferring && receipt && !receipt.committed && deferrable.has(query)) {
      const text = inlined(query);
      if (text !== null) {
        this.deferred.push(text);
        return { rows: [] };
      }
    }
    if (this.begun) return (await this.start<R>(query))!;
    if (this.inTransaction || !receipt || receipt.committed || !isWrite(query)) return this.inner.executeQuery<R>(query);
    if (receipt.repeated) throw new RepeatedRequest();
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
  constructor(
    private readonly inner: Driver,
    private readonly holdForAnswer: boolean,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Whatever the request does next may read what it wrote (or wait on its rows' locks): the held
    // write commits first.
    await settleHeld();
    return new ReceiptConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = conn as ReceiptConnection;
    const receipt = receipts.getStore();
    if (receipt?.repeated) throw new RepeatedRequest();
    c.deferring = this.holdForAnswer && !!receipt && !receipt.committed && !receipt.answered;
    c.deferred = [];
    c.inTransaction = true;
    if (!c.deferring) {
      await this.inner.beginTransaction(c.inner, settings);
      return;
    }
    // A keyed write's BEGIN is not waited for: the pool pipelines it with the transaction's first statement
    // (database.ts), which waits for both.
    c.begun = this.inner.beginTransaction(c.inner, settings);
    c.begun.catch(() => {});
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as ReceiptConnection;
    const receipt = receipts.getStore();
    await c.start();
    const deferred = c.deferred;
    c.deferring = false;
    c.deferred = [];
    if (receipt && !receipt.committed && this.holdForAnswer && !receipt.answered) {
      // Held: the answer (plugins/idempotency.ts) commits with this write, in the same round trip.
      receipt.held = { conn: c.inner, deferred, after: [], release: () => this.inner.releaseConnection(c.inner) };
      receipt.committed = true;
      c.inTransaction = false;
      c.held = true;
      return;
    }
    if (receipt && !receipt.committed) {
      await markCommittedAndCommit(c.inner, receipt, undefined, deferred);
      c.inTransaction = false;
      receipt.committed = true;
      return;
    }
    await sendDeferred(c.inner, deferred);
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as ReceiptConnection;
    c.inTransaction = false;
    c.deferring = false;
    c.deferred = [];
    await c.start().catch(() => {});
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    // A rollback to the savepoint must take back what followed it: nothing waits for the COMMIT past this point.
    const c = conn as ReceiptConnection;
    await c.start();
    await sendDeferred(c.inner, c.deferred);
    c.deferring = false;
    c.deferred = [];
    await this.inner.savepoint!(c.inner, name, compile);
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint!((conn as ReceiptConnection).inner, name, compile);
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint!((conn as ReceiptConnection).inner, name, compile);
  }

  releaseConnection(conn: DatabaseConnection): Promise<void> {
    const c = conn as ReceiptConnection;
    if (c.held) return Promise.resolve();
    return this.inner.releaseConnection(c.inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/**
 * Wraps a dialect so that a request holding an Idempotency-Key writes `committed_at` on its key in
 * the same transaction as its first write (see plugins/idempotency.ts).
 *
 * With `holdForAnswer`, that transaction stays open past the handler's commit until the request's
 * answer is known, and commits with it (settleHeldWrite): one round trip and one wait for the disk
 * instead of two. Not for the embedded database, whose one session every request takes in turns.
 */
export function withWriteReceipts(dialect: Dialect, { holdForAnswer }: { holdForAnswer: boolean }): Dialect {
  return {
    createDriver: () => new ReceiptDriver(dialect.createDriver(), holdForAnswer),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
