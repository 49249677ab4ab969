import { useEffect, useState } from 'react';
import { browserOffline } from '../offline/network';
import type { OutboxHistoryRow, QueuedAction } from './action-queue';
import type { QueueEntry } from './form-responses';
import { useFormQueue } from './use-form-queue';
import type { QueuedRoom } from './room-queue';

/** Loaded on demand: Dexie stays out of the first-paint bundle. */
export const actionQueueModule = () => import('./action-queue');

/** Live list of the user's field actions in the outbox (waiting, sending, refused, recently sent), oldest first. */
export function useQueuedActions(userId: number | null | undefined): QueuedAction[] {
  const [actions, setActions] = useState<QueuedAction[]>([]);
  useEffect(() => {
    if (!userId) {
      setActions([]);
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    void actionQueueModule().then((m) => {
      if (!cancelled) stop = m.actionQueue().watch(setActions, { userId });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return actions;
}

/** Live history of the user's outbox on this device (sent, changed, refused, conflicts, discarded …), newest first. */
export function useOutboxHistory(userId: number | null | undefined, companyId: number | null | undefined): OutboxHistoryRow[] {
  const [rows, setRows] = useState<OutboxHistoryRow[]>([]);
  useEffect(() => {
    if (!userId) {
      setRows([]);
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    void actionQueueModule().then((m) => {
      if (!cancelled) stop = m.actionQueue().history.watch(setRows, { userId, companyId });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, companyId]);
  return rows;
}

/** Live list of the company's rooms created offline and not sent yet (the room queue), oldest first. */
export function useQueuedRooms(companyId: number | null | undefined): QueuedRoom[] {
  const [rooms, setRooms] = useState<QueuedRoom[]>([]);
  useEffect(() => {
    if (!companyId) {
      setRooms([]);
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./room-queue').then((m) => {
      if (!cancelled) stop = m.watchQueuedRooms(companyId, setRooms);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [companyId]);
  return rooms;
}

export interface Outbox {
  /** Field actions (rename, cull, comment, resolve …). */
  actions: QueuedAction[];
  /** Form submissions (with their photos), from the form queue. */
  forms: QueueEntry[];
  /** Rooms created offline (the room queue; sent with the rest, refusals reported when they happen). */
  rooms: QueuedRoom[];
  /** Waiting to be sent (actions waiting or sending, forms pending). */
  waiting: number;
  /** Refused by the server, waiting for the user to retry or discard. */
  refused: number;
}

/** The one outbox of this device for a user: its field actions and its form submissions. */
export function useOutbox(userId: number | null | undefined, companyId: number | null | undefined): Outbox {
  const actions = useQueuedActions(userId);
  const forms = useFormQueue(userId);
  const rooms = useQueuedRooms(companyId);
  const waiting =
    actions.filter((a) => a.state === 'waiting' || a.state === 'sending').length + forms.filter((f) => f.item.state === 'pending').length + rooms.length;
  const refused = actions.filter((a) => a.state === 'refused').length + forms.filter((f) => f.item.state === 'failed').length;
  return { actions, forms, rooms, waiting, refused };
}

/** Sends what waits (rooms, then actions, then forms), ignoring the backoff when `force`; answers both results. */
export async function sendOutbox(userId: number, force: boolean) {
  const rooms = await (await import('./room-queue')).flushCreateRoomQueue();
  const actions = await (await actionQueueModule()).actionQueue().flush({ userId, force });
  const forms = await (await import('./form-responses')).formQueue().flush({ userId, force });
  return { rooms, actions, forms };
}

export async function retryAction(seq: number, userId: number) {
  return (await actionQueueModule()).actionQueue().retry(seq, { userId });
}

/** `by`: the signed-in user's name, kept in the history. */
export async function discardAction(seq: number, by: string | null = null) {
  return (await actionQueueModule()).actionQueue().discard(seq, by);
}

/** Settles a conflict by sending the user's change again without its precondition (same key). */
export async function keepMineAction(seq: number, userId: number, by: string | null) {
  return (await actionQueueModule()).actionQueue().keepMine(seq, by, { userId });
}

/** Settles a conflict by leaving the server's value: the change leaves the queue, the history says so. */
export async function keepTheirsAction(seq: number, by: string | null) {
  return (await actionQueueModule()).actionQueue().keepTheirs(seq, by);
}

/** Puts a discarded change back in the queue (within a day) and sends what waits when online. */
export async function restoreAction(historyId: number, userId: number, by: string | null) {
  const queue = (await actionQueueModule()).actionQueue();
  const item = await queue.restore(historyId, by);
  if (!browserOffline()) await queue.flush({ userId });
  return item;
}

export async function retryForm(tempResponseID: number, userId: number) {
  return (await import('./form-responses')).formQueue().retry(tempResponseID, userId);
}

export async function discardForm(tempResponseID: number, by: string | null = null) {
  return (await import('./form-responses')).formQueue().discard(tempResponseID, by);
}
