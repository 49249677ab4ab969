import { browserOffline } from './network';
import { backoffDelay } from './form-queue-store';
import { createSerialSender } from './form-queue-schedule';
import { ActionQueueDatabase, createActionStore, type ActionFilter, type NewAction, type QueuedAction } from './action-queue-store';
import { canRestore, createOutboxHistory, type NewHistoryEntry, type OutboxHistory } from './outbox-history';

/**
 * How a queued action reaches the server, provided by the api layer (src/api/action-queue.ts).
 * `send` posts the action's input to its endpoint with the action's Idempotency-Key and answers the
 * parsed response; `classify` says what a failed send means.
 */
type Refusal = Extract<ReturnType<ActionTransport['classify']>, { kind: 'refused' }>;

export interface ActionTransport {
  send(action: QueuedAction): Promise<unknown>;
  /**
   * 'retry': no answer, the server unwell or busy, or the same key still in progress: send again later
   * with the same key. Otherwise the server refused it for good: its reason, and whether the refusal is
   * because the target changed on the server after the user acted.
   */
  classify(err: unknown):
    | { kind: 'retry'; message: string }
    | {
        kind: 'refused';
        message: string;
        conflict: boolean;
        /** The HTTP status of the refusal. */
        status?: number;
        /** The target's value on the server, when the refusal named it (the `Verdant-Current-Value` header). */
        current?: string | null;
      };
}

/**
 * The input fields that say what the user saw when acting (a precondition the server checks: 409 when the
 * target changed since). "Keep mine" sends the action again without them.
 */
export const PRECONDITION_FIELDS = ['expected_custom_name', 'expected_status'] as const;

function withoutPrecondition(input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  for (const f of PRECONDITION_FIELDS) delete out[f];
  return out;
}

const PROBLEM_ENDPOINTS = new Set(['manageProblem', 'manageProblemsByTypeRoom', 'manageProblemsByTypeGrid', 'updateUnresolvedProblemsForGrid', 'updateUnresolvedProblemsForRoom']);
const STATUS_AFTER: Record<string, string> = { resolve: 'resolved', dismiss: 'dismissed', reopen: 'open' };
const CLOSED = new Set(['resolved', 'dismissed']);

/**
 * A resolve or dismiss of one observation that a colleague closed the other way meanwhile (409, theirs
 * 'resolved' or 'dismissed'): "Keep mine" reopens it, then sends the user's action. A suspected problem is a
 * reviewer's to confirm, and a reopen or a same-status close is no conflict (see `matchesServer`).
 */
export function keepMineReopens(a: Pick<QueuedAction, 'endpoint' | 'input' | 'status' | 'theirs'>): boolean {
  if (a.endpoint !== 'manageProblem' || a.status !== 409) return false;
  const mine = mineOf(a);
  return (a.input.action === 'resolve' || a.input.action === 'dismiss') && CLOSED.has(a.theirs ?? '') && a.theirs !== mine;
}

/**
 * A conflict the user can settle with "Keep mine": refused with 409 because a precondition failed (sent
 * again without it), or a problem closed the other way by someone else (reopened first).
 */
export function canKeepMine(a: QueuedAction): boolean {
  return a.state === 'refused' && a.conflict && a.status === 409 && (PRECONDITION_FIELDS.some((f) => a.input[f] !== undefined) || keepMineReopens(a));
}

/**
 * The Idempotency-Keys of a "Keep mine" that reopens first, round n: one for the reopen, one for the user's
 * own action, both derived from the action's key so a retry or a replay sends the same keys (applied once)
 * and a later round (closed again meanwhile, kept mine again) gets fresh ones.
 */
export function keepMineKeys(key: string, round: number): { reopen: string; mine: string } {
  return { reopen: `${key}.reopen.${round}`, mine: `${key}.mine.${round}` };
}

/** The value the action sets, as the outbox shows it beside the server's ("mine"); null when it sets none. */
export function mineOf(a: Pick<NewAction, 'endpoint' | 'input'>): string | null {
  const v = (k: string) => (typeof a.input[k] === 'string' || typeof a.input[k] === 'number' ? String(a.input[k]) : null);
  if (a.endpoint === 'updateGridBoxName') return v('custom_name') ?? '';
  if (a.endpoint === 'assignStatusToBatches') return v('batch_status');
  if (PROBLEM_ENDPOINTS.has(a.endpoint)) return STATUS_AFTER[v('action') ?? ''] ?? null;
  return null;
}

/**
 * A 409 whose `Verdant-Current-Value` is what the action sets (resolved by a colleague too, already open for a
 * reopen): the server holds what the user wanted, so there is no conflict to show and nothing to send.
 */
function matchesServer(a: QueuedAction, verdict: Refusal): boolean {
  return verdict.conflict && verdict.status === 409 && verdict.current != null && verdict.current === mineOf(a);
}

/** The reopen a "Keep mine" sends before the user's action, and the user's action, with their derived keys. */
function reopenOf(a: QueuedAction): QueuedAction {
  return { ...a, input: { ...a.input, action: 'reopen' }, idempotencyKey: keepMineKeys(a.idempotencyKey, a.keepRound ?? 1).reopen };
}
function sendable(a: QueuedAction): QueuedAction {
  return a.keepRound ? { ...a, idempotencyKey: keepMineKeys(a.idempotencyKey, a.keepRound).mine } : a;
}

/** What the server's answer says the value now is, for the actions whose answer carries it. */
function answeredValue(a: QueuedAction, answer: unknown): string | null {
  if (a.endpoint !== 'updateGridBoxName' || !answer || typeof answer !== 'object') return null;
  const box = (answer as { grid_box?: { CustomName?: unknown } }).grid_box;
  if (!box || typeof box !== 'object') return null;
  return typeof box.CustomName === 'string' ? box.CustomName : '';
}

function answerMessage(answer: unknown): string | null {
  const m = answer && typeof answer === 'object' ? (answer as { message?: unknown }).message : undefined;
  return typeof m === 'string' ? m : null;
}

/** What the history keeps of a discarded action so it can go back in the queue with the same key. */
function snapshot(a: QueuedAction): Record<string, unknown> {
  return { companyId: a.companyId, userId: a.userId, endpoint: a.endpoint, input: a.input, label: a.label, target: a.target, idempotencyKey: a.idempotencyKey };
}

/** A discarded action that cannot go back (older than a day, already restored, or not kept). */
export class ActionNotRestorable extends Error {
  constructor() {
    super('This change can no longer be restored.');
    this.name = 'ActionNotRestorable';
  }
}

export interface ActionFlushOptions extends ActionFilter {
  /** Ignore the backoff (the "Send now" and "Retry" buttons). */
  force?: boolean;
}

export interface ActionFlushResult {
  sent: QueuedAction[];
  refused: Array<{ item: QueuedAction; message: string; conflict: boolean }>;
  /** Still waiting (not counting refused ones). */
  remaining: number;
  /** When the next automatic attempt is due (after no answer or a 5xx). */
  retryAt: number | null;
}

/** What running one action at once answered: the server's response, or that it waits in the queue. */
export type ActionOutcome<R = unknown> = { queued: false; result: R; seq: number } | { queued: true; seq: number };

/** The server's refusal of an action sent at once; the item stays in the outbox as refused. */
export class ActionRefused extends Error {
  readonly conflict: boolean;
  readonly seq: number;
  constructor(message: string, seq: number, conflict: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ActionRefused';
    this.seq = seq;
    this.conflict = conflict;
  }
}

export interface ActionQueueParts {
  transport: ActionTransport;
  database?: ActionQueueDatabase;
  /** Web Lock name shared by every tab of the app. */
  lockName?: string;
  now?: () => number;
  /** Where what happens to each action is kept (default: the app's offline database). */
  history?: OutboxHistory;
}

let defaultDatabase: ActionQueueDatabase | null = null;

/**
 * The action queue: every field action (rename, cull, comment, resolve …) is stored with one
 * Idempotency-Key made when the user acted and sent once, strictly in the order made. Scheduling is
 * the form queue's (one sender per browser, backoff: `createSerialSender`, `backoffDelay`).
 */
export function createActionQueue(parts: ActionQueueParts) {
  const { transport } = parts;
  const database = parts.database ?? (defaultDatabase ??= new ActionQueueDatabase());
  const now = parts.now ?? Date.now;
  const store = createActionStore(database, now);
  const history = parts.history ?? createOutboxHistory(undefined, now);

  /** The history never stops the queue: a failed write is only logged. */
  async function record(a: QueuedAction, entry: Omit<NewHistoryEntry, 'userId' | 'source' | 'key' | 'label'>): Promise<void> {
    try {
      await history.record({ userId: a.userId, companyId: a.companyId, source: 'action', key: a.idempotencyKey, label: a.label, endpoint: a.endpoint, mine: mineOf(a), ...entry });
    } catch (err) {
      console.warn('Could not write the outbox history', err);
    }
  }
  async function attempt(a: QueuedAction): Promise<{ ok: true; answer: unknown } | { ok: false; verdict: ReturnType<ActionTransport['classify']> }> {
    try {
      return { ok: true, answer: await transport.send(a) };
    } catch (err) {
      return { ok: false, verdict: transport.classify(err) };
    }
  }
  /** Answers of actions sent by this tab, picked up by `run` (kept in memory only). */
  const answers = new Map<number, unknown>();

  async function flushOnce(opts: ActionFlushOptions): Promise<ActionFlushResult> {
    const result: ActionFlushResult = { sent: [], refused: [], remaining: 0, retryAt: null };
    let cursor = 0;
    for (;;) {
      const next = await store.next(cursor, opts);
      if (!next) break;
      let item: QueuedAction = next;
      if (!opts.force && item.nextAttemptAt > now()) {
        // Order is kept: nothing newer goes ahead of an item waiting out its backoff.
        result.retryAt = item.nextAttemptAt;
        break;
      }
      cursor = item.seq;
      await store.update(item.seq, { state: 'sending' });
      /** No answer: it waits with its key (true: stop here, order is kept). A refusal: kept, with its reason. */
      const failed = async (verdict: ReturnType<ActionTransport['classify']>): Promise<boolean> => {
        const attempts = item.attempts + 1;
        if (verdict.kind === 'retry') {
          const retryAt = now() + backoffDelay(attempts);
          await store.update(item.seq, { state: 'waiting', attempts, reason: verdict.message, nextAttemptAt: retryAt });
          result.retryAt = retryAt;
          return true;
        }
        const changes = { state: 'refused' as const, attempts, reason: verdict.message, conflict: verdict.conflict, status: verdict.status ?? null, theirs: verdict.current ?? null };
        await store.update(item.seq, changes);
        await record(item, { kind: verdict.conflict ? 'conflict' : 'refused', status: changes.status, message: verdict.message, theirs: changes.theirs });
        result.refused.push({ item: { ...item, ...changes }, message: verdict.message, conflict: verdict.conflict });
        return false;
      };
      if (item.reopenFirst) {
        // Keep mine over a colleague's close: reopen first (its own key). Found open already is as good.
        const reopen = reopenOf(item);
        const first = await attempt(reopen);
        if (!first.ok && !(first.verdict.kind === 'refused' && matchesServer(reopen, first.verdict))) {
          if (await failed(first.verdict)) break;
          continue;
        }
        await store.update(item.seq, { reopenFirst: false });
        item = { ...item, reopenFirst: false };
        if (first.ok) await record(item, { kind: 'reopened', mine: 'open', message: answerMessage(first.answer) });
      }
      const outcome = await attempt(sendable(item));
      if (!outcome.ok) {
        if (outcome.verdict.kind === 'refused' && matchesServer(item, outcome.verdict)) {
          // Already so on the server (a colleague did the same): done, nothing applied by this action.
          const at = now();
          await store.update(item.seq, { state: 'sent', attempts: item.attempts + 1, reason: null, sentAt: at });
          answers.set(item.seq, null);
          await record(item, { kind: 'matched', theirs: outcome.verdict.current ?? null, message: outcome.verdict.message });
          continue;
        }
        if (await failed(outcome.verdict)) break;
        continue;
      }
      const answer = outcome.answer;
      const sent = { ...item, state: 'sent' as const, attempts: item.attempts + 1, reason: null, sentAt: now() };
      await store.update(item.seq, { state: 'sent', attempts: sent.attempts, reason: null, sentAt: sent.sentAt });
      answers.set(item.seq, answer);
      result.sent.push(sent);
      await record(item, { kind: 'sent', message: answerMessage(answer) });
      const answered = answeredValue(item, answer);
      if (answered !== null && answered !== mineOf(item)) await record(item, { kind: 'changed', theirs: answered, message: answerMessage(answer) });
    }
    result.remaining = await store.countWaiting(opts);
    if (result.sent.length) await store.pruneSent();
    return result;
  }

  const sender = createSerialSender<ActionFlushOptions, ActionFlushResult>(parts.lockName ?? 'verdant-action-queue', flushOnce, (pending, next) => ({
    // A follow-up run covers both callers: a narrower filter of one would leave the other's items.
    userId: pending.userId === next.userId ? pending.userId : undefined,
    companyId: pending.companyId === next.companyId ? pending.companyId : undefined,
    force: pending.force || next.force,
  }));

  /** Sends the waiting actions, oldest first (one sender per browser; see createSerialSender). */
  function flush(opts: ActionFlushOptions = {}): Promise<ActionFlushResult> {
    return sender.flush(opts);
  }

  /** Stores the action (waiting). Nothing is sent; `flush` or `run` does that. */
  function enqueue(action: NewAction): Promise<QueuedAction> {
    return store.add(action);
  }

  /**
   * The one way a field action is made. It is stored first (so a cut mid-request loses nothing), then,
   * when online, sent at once through the queue (after any older action of the user). Answers the
   * server's response, or `{ queued: true }` when it waits (offline, no answer, behind a backoff);
   * rejects with ActionRefused when the server refused it (the item stays in the outbox, refused).
   */
  async function run<R = unknown>(action: NewAction): Promise<ActionOutcome<R>> {
    const item = await store.add(action);
    if (browserOffline()) return { queued: true, seq: item.seq };
    await flush({ userId: action.userId });
    const after = await store.get(item.seq);
    if (after?.state === 'sent') {
      const result = answers.get(item.seq) as R;
      answers.delete(item.seq);
      return { queued: false, result, seq: item.seq };
    }
    if (after?.state === 'refused') throw new ActionRefused(after.reason ?? '', item.seq, after.conflict);
    return { queued: true, seq: item.seq };
  }

  /** Puts a refused (or backing-off) item back in line and sends now. */
  async function retry(seq: number, filter: ActionFilter = {}): Promise<ActionFlushResult> {
    await store.update(seq, { state: 'waiting', nextAttemptAt: 0, conflict: false });
    return flush({ ...filter, force: true });
  }

  /**
   * Removes an item (the caller asks the user first); the history keeps it, with who discarded it, so it
   * can be restored within a day. A sent one only leaves the list.
   */
  async function discard(seq: number, by: string | null = null): Promise<void> {
    const item = await store.get(seq);
    if (item && item.state !== 'sent') await record(item, { kind: 'discarded', by, theirs: item.theirs ?? null, message: item.reason, status: item.status ?? null, action: snapshot(item) });
    await store.remove(seq);
  }

  /**
   * A conflict settled with "Keep mine", sent now: again without the precondition (same key), or, for a
   * problem a colleague closed the other way, a reopen and then the user's action (keys of `keepMineKeys`).
   */
  async function keepMine(seq: number, by: string | null = null, filter: ActionFilter = {}): Promise<ActionFlushResult> {
    const item = await store.get(seq);
    if (!item || !canKeepMine(item)) throw new Error('This change has no conflict to settle.');
    const reopen = keepMineReopens(item) ? { reopenFirst: true, keepRound: (item.keepRound ?? 0) + 1 } : {};
    await store.update(seq, { input: withoutPrecondition(item.input), state: 'waiting', nextAttemptAt: 0, conflict: false, reason: null, status: null, theirs: null, ...reopen });
    await record(item, { kind: 'keptMine', by, theirs: item.theirs ?? null });
    return flush({ ...filter, force: true });
  }

  /** A conflict settled with "Keep theirs": the action leaves the queue unsent; the history says so (restorable for a day). */
  async function keepTheirs(seq: number, by: string | null = null): Promise<void> {
    const item = await store.get(seq);
    if (!item) return;
    await record(item, { kind: 'keptTheirs', by, theirs: item.theirs ?? null, status: item.status ?? null, action: snapshot(item) });
    await store.remove(seq);
  }

  /**
   * Puts a discarded action back in the queue (within a day), with its own Idempotency-Key: if it had in
   * fact reached the server before it was discarded, the server answers the first answer and applies nothing.
   */
  async function restore(historyId: number, by: string | null = null): Promise<QueuedAction> {
    const entry = await history.get(historyId);
    if (!entry || !canRestore(entry, now())) throw new ActionNotRestorable();
    const kept = entry.action as unknown as NewAction & { idempotencyKey: string };
    // Another tab may have put it back already: one queued copy per key.
    const already = (await store.list({ userId: kept.userId })).find((a) => a.idempotencyKey === kept.idempotencyKey && a.state !== 'sent');
    const item = already ?? (await store.add({ ...kept }));
    await history.markRestored(historyId);
    await record(item, { kind: 'restored', by });
    return item;
  }

  return {
    run,
    enqueue,
    flush,
    retry,
    discard,
    keepMine,
    keepTheirs,
    restore,
    history,
    list: store.list,
    watch: store.watch,
    countWaiting: store.countWaiting,
    isRunning: sender.isRunning,
  };
}

export type ActionQueue = ReturnType<typeof createActionQueue>;
export type { ActionFilter, ActionState, ActionTarget, NewAction, QueuedAction } from './action-queue-store';
export { ActionQueueDatabase } from './action-queue-store';
