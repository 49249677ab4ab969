import { browserOffline } from './network';
import { backoffDelay } from './form-queue-store';
import { createSerialSender } from './form-queue-schedule';
import { ActionQueueDatabase, createActionStore, type ActionFilter, type NewAction, type QueuedAction } from './action-queue-store';

/**
 * How a queued action reaches the server, provided by the api layer (src/api/action-queue.ts).
 * `send` posts the action's input to its endpoint with the action's Idempotency-Key and answers the
 * parsed response; `classify` says what a failed send means.
 */
export interface ActionTransport {
  send(action: QueuedAction): Promise<unknown>;
  /**
   * 'retry': no answer, the server unwell or busy, or the same key still in progress: send again later
   * with the same key. Otherwise the server refused it for good: its reason, and whether the refusal is
   * because the target changed on the server after the user acted.
   */
  classify(err: unknown): { kind: 'retry'; message: string } | { kind: 'refused'; message: string; conflict: boolean };
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
  /** Answers of actions sent by this tab, picked up by `run` (kept in memory only). */
  const answers = new Map<number, unknown>();

  async function flushOnce(opts: ActionFlushOptions): Promise<ActionFlushResult> {
    const result: ActionFlushResult = { sent: [], refused: [], remaining: 0, retryAt: null };
    let cursor = 0;
    for (;;) {
      const item = await store.next(cursor, opts);
      if (!item) break;
      if (!opts.force && item.nextAttemptAt > now()) {
        // Order is kept: nothing newer goes ahead of an item waiting out its backoff.
        result.retryAt = item.nextAttemptAt;
        break;
      }
      cursor = item.seq;
      await store.update(item.seq, { state: 'sending' });
      let answer: unknown;
      try {
        answer = await transport.send(item);
      } catch (err) {
        const verdict = transport.classify(err);
        const attempts = item.attempts + 1;
        if (verdict.kind === 'retry') {
          const retryAt = now() + backoffDelay(attempts);
          await store.update(item.seq, { state: 'waiting', attempts, reason: verdict.message, nextAttemptAt: retryAt });
          result.retryAt = retryAt;
          break;
        }
        const refused = { ...item, state: 'refused' as const, attempts, reason: verdict.message, conflict: verdict.conflict };
        await store.update(item.seq, { state: 'refused', attempts, reason: verdict.message, conflict: verdict.conflict });
        result.refused.push({ item: refused, message: verdict.message, conflict: verdict.conflict });
        continue;
      }
      const sent = { ...item, state: 'sent' as const, attempts: item.attempts + 1, reason: null, sentAt: now() };
      await store.update(item.seq, { state: 'sent', attempts: sent.attempts, reason: null, sentAt: sent.sentAt });
      answers.set(item.seq, answer);
      result.sent.push(sent);
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

  /** Removes an item for good (the caller asks the user first). A sent one only leaves the list. */
  async function discard(seq: number): Promise<void> {
    await store.remove(seq);
  }

  return {
    run,
    enqueue,
    flush,
    retry,
    discard,
    list: store.list,
    watch: store.watch,
    countWaiting: store.countWaiting,
    isRunning: sender.isRunning,
  };
}

export type ActionQueue = ReturnType<typeof createActionQueue>;
export type { ActionFilter, ActionState, ActionTarget, NewAction, QueuedAction } from './action-queue-store';
export { ActionQueueDatabase } from './action-queue-store';
