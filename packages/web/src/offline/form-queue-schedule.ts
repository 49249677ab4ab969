import { db as defaultDb, type OfflineDatabase } from './db';
import { browserOffline } from './network';
import {
  backoffDelay,
  createFormStore,
  jobFrom,
  type FlushResult,
  type FormSubmission,
  type Job,
  type JobHooks,
  type QueuedForm,
  type SubmitOutcome,
} from './form-queue-store';
import { canRestore, createOutboxHistory, type OutboxHistory } from './outbox-history';

/**
 * How a job reaches the server. The api layer provides it (src/api/form-responses.ts); the queue only
 * decides when to send and what to keep.
 */
export interface FormTransport {
  /** Sends what a job still lacks (answers first, then each photo), reporting progress through the hooks. */
  run(job: Job, hooks: JobHooks): Promise<{ ids: number[]; observations: number }>;
  /** Worth another try later (no answer, the server unwell or busy) as opposed to the server's refusal. */
  isTransient(err: unknown): boolean;
  /** The error as the form and the waiting list show it. */
  toError(err: unknown): Error;
}

export interface FlushOptions {
  userId?: number;
  force?: boolean;
}

export interface FormQueueParts {
  transport: FormTransport;
  database?: OfflineDatabase;
  /** Web Lock name shared by every tab of the app. */
  lockName?: string;
  now?: () => number;
  /** Where what happens to each submission is kept (default: the queue's own database). */
  history?: OutboxHistory;
}

/**
 * One sender per tab (a promise chain) and per browser (a Web Lock around each run), shared by the form
 * queue and the action queue (offline/action-queue.ts). Calls made while a run is under way share one
 * follow-up run (options merged by `merge`), which picks up whatever was queued meanwhile.
 */
export function createSerialSender<O extends object, R>(lockName: string, runOnce: (opts: O) => Promise<R>, merge: (pending: O, next: O) => O) {
  let tail: Promise<unknown> = Promise.resolve();
  let followUp: Promise<R> | null = null;
  let followUpOpts = {} as O;
  let running = false;

  function locked(run: () => Promise<R>): Promise<R> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request(lockName, () => run()).then((r) => r) : run();
  }

  /** Runs `runOnce` after the run under way (if any); `onRunning` hears when it starts and ends. */
  function flush(opts: O, onRunning?: (running: boolean) => void): Promise<R> {
    if (followUp) {
      followUpOpts = merge(followUpOpts, opts);
      return followUp;
    }
    followUpOpts = { ...opts };
    const job = tail.then(async () => {
      followUp = null;
      running = true;
      onRunning?.(true);
      try {
        return await locked(() => runOnce(followUpOpts));
      } finally {
        running = false;
        onRunning?.(false);
      }
    });
    followUp = job;
    tail = job.catch(() => undefined);
    return job;
  }

  return { flush, isRunning: () => running };
}

/** A discarded form submission that cannot go back (older than a day, already restored, or not kept). */
export class FormNotRestorable extends Error {
  constructor() {
    super('This form submission can no longer be restored.');
    this.name = 'FormNotRestorable';
  }
}

const noHooks: JobHooks = { onResponses: async () => {}, onPhotoSent: async () => {} };

/** The form queue: when to send (at once, or later in order with backoff), one sender per browser. */
export function createFormQueue(parts: FormQueueParts) {
  const { transport } = parts;
  const database = parts.database ?? defaultDb;
  const lockName = parts.lockName ?? 'verdant-form-queue';
  const now = parts.now ?? Date.now;
  const box = createFormStore(database, now);
  const history = parts.history ?? createOutboxHistory(database, now);

  /** The history never stops the queue: a failed write is only logged. */
  async function record(item: QueuedForm, entry: { kind: 'sent' | 'refused' | 'discarded' | 'restored'; message?: string | null; by?: string | null; action?: Record<string, unknown> }) {
    try {
      await history.record({ userId: item.SubmittedBy, source: 'form', key: item.idempotencyKey, label: item.label ?? '', ...entry });
    } catch (err) {
      console.warn('Could not write the outbox history', err);
    }
  }

  /**
   * THE submit of every form (box, several boxes, room, photos). Online, and with nothing older still
   * waiting, it is sent at once with a fresh Idempotency-Key; a refusal (4xx) rejects with the server's
   * message so the form can show it. Offline, on no answer or a 5xx it is stored (with the same key, so
   * a request that did reach the server is not applied twice) and `{ queued: true }` is answered.
   */
  async function submitFormResponse(submission: FormSubmission): Promise<SubmitOutcome> {
    const job = jobFrom(submission, now);
    const label = submission.label ?? null;
    if (browserOffline() || running || (await box.hasWaiting(job.submittedBy))) {
      const id = await box.store(job, label, 'pending', null, 0);
      if (!browserOffline()) void flush({ userId: job.submittedBy });
      return { queued: true, tempResponseID: id };
    }
    try {
      const res = await transport.run(job, noHooks);
      return { queued: false, responseIds: res.ids, observationsCreated: res.observations };
    } catch (err) {
      if (transport.isTransient(err)) {
        const id = await box.store(job, label, 'pending', transport.toError(err).message, 1);
        return { queued: true, tempResponseID: id };
      }
      if (job.responseIds) {
        // The answers are in; a refused photo is kept, shown and retried like any failed item.
        const id = await box.store(job, label, 'failed', transport.toError(err).message, 1);
        return { queued: true, tempResponseID: id };
      }
      throw transport.toError(err);
    }
  }

  async function flushOnce(opts: FlushOptions): Promise<FlushResult> {
    const result: FlushResult = { sent: [], failed: [], remaining: 0, retryAt: null };
    let cursor = 0;
    for (;;) {
      const item = await box.nextItem(cursor, opts.userId);
      if (!item) break;
      if (!opts.force && item.nextAttemptAt > now()) {
        // Order is kept: nothing newer goes ahead of an item that is waiting out its backoff.
        result.retryAt = item.nextAttemptAt;
        break;
      }
      cursor = item.tempResponseID;
      const job = await box.jobOf(item);
      try {
        await transport.run(job, {
          onResponses: (ids) => box.markResponses(item.tempResponseID, ids),
          onPhotoSent: (photo) => box.markPhotoSent(photo),
        });
      } catch (err) {
        const message = transport.toError(err).message || 'Failed to submit form.';
        const attempts = item.attempts + 1;
        if (transport.isTransient(err)) {
          const retryAt = now() + backoffDelay(attempts);
          await box.update(item.tempResponseID, { attempts, lastError: message, nextAttemptAt: retryAt });
          result.retryAt = retryAt;
          break;
        }
        const failed = { ...item, attempts, lastError: message, state: 'failed' as const };
        await box.update(item.tempResponseID, { attempts, lastError: message, state: 'failed' });
        result.failed.push({ item: failed, message });
        await record(item, { kind: 'refused', message });
        continue;
      }
      await box.removeItem(item.tempResponseID);
      result.sent.push(item);
      await record(item, { kind: 'sent' });
    }
    result.remaining = await box.countPending(opts.userId);
    return result;
  }

  const sender = createSerialSender<FlushOptions, FlushResult>(lockName, flushOnce, (pending, next) => ({
    ...pending,
    force: pending.force || next.force,
  }));
  let running = false;

  /**
   * Sends the waiting items, oldest first, each with its own key. Calls made while a flush runs share
   * one follow-up run (which picks up anything queued meanwhile) instead of starting another sender.
   * `force` (the "Send now" button) ignores the backoff; `userId` sends only that user's items.
   */
  function flush(opts: FlushOptions = {}): Promise<FlushResult> {
    return sender.flush(opts, (value) => (running = value));
  }

  /** Puts a failed item back in line and tries it now. */
  async function retry(tempResponseID: number, userId?: number): Promise<FlushResult> {
    await box.update(tempResponseID, { state: 'pending', nextAttemptAt: 0 } as Partial<QueuedForm>);
    return flush({ userId, force: true });
  }

  /**
   * Takes an item out of the queue (the caller confirms first); the history says who did. Its answers and
   * photos stay on this device for a day so `restore` can put it back, then the history's prune deletes them.
   */
  async function discard(tempResponseID: number, by: string | null = null): Promise<void> {
    const item = await box.discardItem(tempResponseID);
    if (item && !item.discardedAt) await record(item, { kind: 'discarded', by, message: item.lastError, action: { tempResponseID } });
  }

  /**
   * Puts a discarded submission back at the end of the queue within a day, once, with its same
   * Idempotency-Key (had it reached the server, the server answers its first answer and applies nothing).
   * Rejects with FormNotRestorable after a day, a second time, or once its photos were pruned.
   */
  async function restore(historyId: number, by: string | null = null): Promise<QueuedForm> {
    const entry = await history.get(historyId);
    const id = entry?.source === 'form' ? entry.action?.tempResponseID : undefined;
    if (!entry || typeof id !== 'number' || !canRestore(entry, now())) throw new FormNotRestorable();
    const item = await box.restoreItem(id);
    if (!item) throw new FormNotRestorable();
    await history.markRestored(historyId);
    await record(item, { kind: 'restored', by });
    return item;
  }

  return { submitFormResponse, flush, retry, discard, restore, history, list: box.list, watch: box.watch, isRunning: () => running };
}

export type FormQueue = ReturnType<typeof createFormQueue>;
