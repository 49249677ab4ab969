import { liveQuery } from 'dexie';
import { db as defaultDb, type OfflineDatabase, type OutboxHistoryRow } from './db';
import { pruneDiscardedForms } from './form-queue-store';

export type { OutboxHistoryKind, OutboxHistoryRow } from './db';

/** How long the history keeps an entry. */
export const HISTORY_KEPT_MS = 30 * 24 * 60 * 60_000;
/** How long a discarded change can be put back in the queue. */
export const RESTORE_WINDOW_MS = 24 * 60 * 60_000;

export type NewHistoryEntry = Pick<OutboxHistoryRow, 'userId' | 'kind' | 'source' | 'key' | 'label'> & Partial<Omit<OutboxHistoryRow, 'id'>>;

export interface HistoryFilter {
  userId: number;
  companyId?: number | null;
}

/**
 * Discarded or kept-theirs entries with the action kept, not yet restored, younger than a day (a discarded
 * form submission's kept row goes with the prune after that day).
 */
export function canRestore(entry: OutboxHistoryRow, now: number): boolean {
  return (entry.kind === 'discarded' || entry.kind === 'keptTheirs') && entry.action !== null && entry.restoredAt === null && now - entry.at < RESTORE_WINDOW_MS;
}

/**
 * The outbox's history on this device (offline/db.ts `outboxHistory`): what happened to each queued change,
 * newest first, kept 30 days. The queues write it; the outbox page reads it.
 */
export function createOutboxHistory(database: OfflineDatabase = defaultDb, now: () => number = Date.now) {
  let lastPrune = 0;

  async function record(entry: NewHistoryEntry): Promise<OutboxHistoryRow> {
    const row: Omit<OutboxHistoryRow, 'id'> = {
      companyId: null,
      at: now(),
      endpoint: null,
      status: null,
      message: null,
      mine: null,
      theirs: null,
      by: null,
      action: null,
      restoredAt: null,
      ...entry,
    };
    const id = (await database.outboxHistory.add(row as OutboxHistoryRow)) as number;
    // Pruning on write (at most hourly) keeps the table bounded without a timer.
    if (now() - lastPrune > 60 * 60_000) await prune();
    return { ...row, id };
  }

  /**
   * Drops entries older than 30 days (answers how many went), and the form submissions discarded more than
   * a day ago with their photos (IndexedDB holds a discarded photo one day, no longer).
   */
  async function prune(): Promise<number> {
    lastPrune = now();
    await pruneDiscardedForms(database, now() - RESTORE_WINDOW_MS);
    return database.outboxHistory.where('at').below(now() - HISTORY_KEPT_MS).delete();
  }

  async function get(id: number): Promise<OutboxHistoryRow | undefined> {
    return database.outboxHistory.get(id);
  }

  async function markRestored(id: number, at = now()): Promise<void> {
    await database.outboxHistory.update(id, { restoredAt: at });
  }

  /** The user's history (of the company, when given), newest first; nothing older than 30 days. */
  async function list(f: HistoryFilter): Promise<OutboxHistoryRow[]> {
    const cutoff = now() - HISTORY_KEPT_MS;
    const rows = await database.outboxHistory.where('userId').equals(f.userId).toArray();
    return rows
      .filter((r) => r.at >= cutoff && (f.companyId == null || r.companyId == null || r.companyId === f.companyId))
      .sort((a, b) => b.at - a.at || b.id - a.id);
  }

  /** Every entry of one change (its Idempotency-Key), oldest first. */
  async function ofKey(key: string): Promise<OutboxHistoryRow[]> {
    return (await database.outboxHistory.where('key').equals(key).toArray()).sort((a, b) => a.at - b.at || a.id - b.id);
  }

  function watch(onChange: (rows: OutboxHistoryRow[]) => void, f: HistoryFilter): () => void {
    const sub = liveQuery(() => list(f)).subscribe({
      next: onChange,
      error: (err: unknown) => console.warn('Could not read the outbox history', err),
    });
    return () => sub.unsubscribe();
  }

  return { record, prune, get, markRestored, list, ofKey, watch };
}

export type OutboxHistory = ReturnType<typeof createOutboxHistory>;
