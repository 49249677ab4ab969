import Dexie, { liveQuery, type EntityTable } from 'dexie';

/**
 * waiting: not sent yet (or sent without an answer: it goes again with the same key);
 * sending: on its way now; sent: the server applied it; refused: the server said no (`reason`).
 */
export type ActionState = 'waiting' | 'sending' | 'sent' | 'refused';

/** What a queued action is about, so a refusal can name it and a screen can show it changed. */
export interface ActionTarget {
  type: 'box' | 'problem' | 'problems' | 'comment' | 'batch' | 'plant' | 'subBoxes';
  id: number;
}

/** A field action as the user made it: which endpoint, with what input, about what. */
export interface NewAction {
  companyId: number;
  userId: number;
  /** The contract's endpoint id (e.g. 'updateGridBoxName'); the api layer knows how to send it. */
  endpoint: string;
  /** The endpoint's input, exactly as it will be sent (JSON values; Blobs for a multipart endpoint's files, e.g. a scan's photos). */
  input: Record<string, unknown>;
  /** What the outbox shows, e.g. "Rename box · Row 3 box 12". */
  label: string;
  target?: ActionTarget;
  /**
   * The key of a request already tried once outside the queue (a scan sent at once that got no answer):
   * the queued retry must carry the same key so the server applies it once. Made here when absent.
   */
  idempotencyKey?: string;
}

export interface QueuedAction extends NewAction {
  /** Order of the actions (auto-increment): the order the user made them in. */
  seq: number;
  /** Made once when the user acted; every send of this action carries it. */
  idempotencyKey: string;
  createdAt: number;
  state: ActionState;
  attempts: number;
  /** Epoch ms before which automatic sends leave the item alone (backoff after no answer). */
  nextAttemptAt: number;
  /** The last error while it waits (no connection …) or the server's reason for a refusal. */
  reason: string | null;
  /** Refused because its target changed on the server after the user acted. */
  conflict: boolean;
  /** HTTP status of the refusal (null while not refused; absent on rows stored before issue 25). */
  status?: number | null;
  /** The target's value on the server when it refused a conflict (e.g. the name a colleague gave the box). */
  theirs?: string | null;
  /**
   * "Keep mine" over a problem a colleague closed: the next send reopens it first (issue 25). Cleared once
   * the reopen is applied (or the problem is found open), so a retry sends only what is still missing.
   */
  reopenFirst?: boolean;
  /**
   * How many times "Keep mine" reopened the problem; the reopen and the user's own action are then sent
   * with keys derived from `idempotencyKey` and this round (`keepMineKeys`), so a retry replays them.
   */
  keepRound?: number;
  sentAt: number | null;
}

/** The action queue's own database (offline/db.ts holds the read caches and the older queues). */
export class ActionQueueDatabase extends Dexie {
  actions!: EntityTable<QueuedAction, 'seq'>;

  constructor(name = 'verdant-actions') {
    super(name);
    this.version(1).stores({ actions: '++seq, companyId, userId, state' });
  }
}

/** How long a sent action stays in the outbox list (so the user sees it arrived). */
export const SENT_KEPT_MS = 24 * 60 * 60_000;
/** At most this many sent actions are kept, newest first. */
export const SENT_KEPT_MAX = 50;

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export interface ActionFilter {
  userId?: number;
  companyId?: number;
}

function matches(a: QueuedAction, f: ActionFilter): boolean {
  return (f.userId === undefined || a.userId === f.userId) && (f.companyId === undefined || a.companyId === f.companyId);
}

/** The queue's storage; nothing here sends anything. */
export function createActionStore(database: ActionQueueDatabase, now: () => number) {
  /** Stores a new action, waiting, with its Idempotency-Key made now. */
  async function add(action: NewAction): Promise<QueuedAction> {
    const row: Omit<QueuedAction, 'seq'> = {
      ...action,
      idempotencyKey: action.idempotencyKey ?? newKey(),
      createdAt: now(),
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      reason: null,
      conflict: false,
      status: null,
      theirs: null,
      sentAt: null,
    };
    const seq = (await database.actions.add(row as QueuedAction)) as number;
    return { ...row, seq };
  }

  /** The oldest action after `after` still to send (waiting, or left 'sending' by a tab that died). */
  async function next(after: number, f: ActionFilter): Promise<QueuedAction | undefined> {
    return database.actions
      .where('seq')
      .above(after)
      .filter((a) => (a.state === 'waiting' || a.state === 'sending') && matches(a, f))
      .first();
  }

  async function get(seq: number): Promise<QueuedAction | undefined> {
    return database.actions.get(seq);
  }

  async function update(seq: number, changes: Partial<QueuedAction>): Promise<void> {
    await database.actions.update(seq, changes);
  }

  async function remove(seq: number): Promise<void> {
    await database.actions.delete(seq);
  }

  /** Drops sent actions older than a day, and all but the newest SENT_KEPT_MAX. */
  async function pruneSent(): Promise<void> {
    const sent = await database.actions.where('state').equals('sent').toArray();
    const cutoff = now() - SENT_KEPT_MS;
    const byNewest = sent.sort((a, b) => (b.sentAt ?? 0) - (a.sentAt ?? 0));
    const drop = byNewest.filter((a, i) => i >= SENT_KEPT_MAX || (a.sentAt ?? 0) < cutoff).map((a) => a.seq);
    if (drop.length) await database.actions.bulkDelete(drop);
  }

  async function countWaiting(f: ActionFilter): Promise<number> {
    return database.actions.filter((a) => (a.state === 'waiting' || a.state === 'sending') && matches(a, f)).count();
  }

  async function hasWaiting(f: ActionFilter): Promise<boolean> {
    return (await countWaiting(f)) > 0;
  }

  /** Every action kept (waiting, sending, refused, recently sent), oldest first. */
  async function list(f: ActionFilter = {}): Promise<QueuedAction[]> {
    return (await database.actions.orderBy('seq').toArray()).filter((a) => matches(a, f));
  }

  function watch(onChange: (actions: QueuedAction[]) => void, f: ActionFilter = {}): () => void {
    const sub = liveQuery(() => list(f)).subscribe({
      next: onChange,
      error: (err: unknown) => console.warn('Could not read the action queue', err),
    });
    return () => sub.unsubscribe();
  }

  return { add, next, get, update, remove, pruneSent, countWaiting, hasWaiting, list, watch };
}

export type ActionStore = ReturnType<typeof createActionStore>;
