import { liveQuery } from 'dexie';
import { db as defaultDb, type CreateRoomQueueRow, type OfflineDatabase } from './db';

/** A queued room; `queuedAt` (not indexed) keeps the sending order. */
export type QueuedRoom = CreateRoomQueueRow & { id: string; queuedAt?: number };

/**
 * How a queued room reaches the server, provided by the api layer (src/api/room-queue.ts): `send` posts
 * it with its id as the Idempotency-Key; `refusal` answers the server's reason when it refused the room
 * for good, or null when the send is worth another try (no answer, the server unwell or busy).
 */
export interface RoomTransport {
  send(item: QueuedRoom): Promise<unknown>;
  refusal(err: unknown): string | null;
}

export interface FlushResult {
  sent: QueuedRoom[];
  /** Refused by the server (e.g. a name that is not valid any more): removed, with the reason. */
  refused: Array<{ item: QueuedRoom; message: string }>;
  /** Still waiting (no connection, or the server was unavailable). */
  remaining: number;
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

let lastStamp = 0;
/** Strictly increasing, so two rooms queued in the same millisecond keep their order. */
function nextStamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/**
 * Puts a room created without a connection into `createRoomQueue`. Its id is generated here once and
 * sent as the Idempotency-Key every time the item is tried, so the server makes the room only once.
 */
export async function enqueueCreateRoom(
  companyId: number,
  input: { name: string; description?: string },
  database: OfflineDatabase = defaultDb,
): Promise<QueuedRoom> {
  const item: QueuedRoom = {
    id: newKey(),
    name: input.name.trim(),
    description: (input.description ?? '').trim(),
    companyID: companyId,
    queuedAt: nextStamp(),
  };
  await database.createRoomQueue.add(item);
  return item;
}

export async function listQueuedRooms(companyId?: number, database: OfflineDatabase = defaultDb): Promise<QueuedRoom[]> {
  const rows = (companyId === undefined
    ? await database.createRoomQueue.toArray()
    : await database.createRoomQueue.where('companyID').equals(companyId).toArray()) as QueuedRoom[];
  return rows.sort((a, b) => (a.queuedAt ?? 0) - (b.queuedAt ?? 0));
}

/** Live count of queued changes (for the header's "n changes waiting"). */
export function watchQueuedCount(onChange: (count: number) => void, database: OfflineDatabase = defaultDb): () => void {
  const sub = liveQuery(() => database.createRoomQueue.count()).subscribe({
    next: onChange,
    error: (err: unknown) => console.warn('Could not read the offline queue', err),
  });
  return () => sub.unsubscribe();
}

/** Live list of queued rooms of a company (shown in the room list until they are sent). */
export function watchQueuedRooms(
  companyId: number,
  onChange: (rooms: QueuedRoom[]) => void,
  database: OfflineDatabase = defaultDb,
): () => void {
  const sub = liveQuery(() => listQueuedRooms(companyId, database)).subscribe({
    next: onChange,
    error: (err: unknown) => console.warn('Could not read the offline queue', err),
  });
  return () => sub.unsubscribe();
}

async function flushOnce(transport: RoomTransport, database: OfflineDatabase): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], remaining: 0 };
  const items = await listQueuedRooms(undefined, database);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    try {
      await transport.send(item);
    } catch (err) {
      const message = transport.refusal(err);
      if (message === null) {
        // Offline again or the server is unwell: keep this and the rest for the next attempt.
        result.remaining = items.length - i;
        return result;
      }
      console.error(`A room queued offline was refused: ${message}`);
      await database.createRoomQueue.delete(item.id);
      result.refused.push({ item, message });
      continue;
    }
    await database.createRoomQueue.delete(item.id);
    result.sent.push(item);
  }
  return result;
}

let inFlight: Promise<FlushResult> | null = null;

/**
 * Sends every queued room, oldest first, each with its own Idempotency-Key. One flush at a time in this
 * tab, and a Web Lock keeps two tabs from sending the same item concurrently (the key would make it
 * harmless, but it saves a request). A failed send leaves the item queued.
 */
export function flushRoomQueue(transport: RoomTransport, database: OfflineDatabase = defaultDb): Promise<FlushResult> {
  if (!inFlight) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = () => flushOnce(transport, database);
    const job: Promise<FlushResult> = locks ? locks.request('verdant-create-room-queue', run).then((r) => r) : run();
    inFlight = job.finally(() => {
      inFlight = null;
    });
  }
  return inFlight as Promise<FlushResult>;
}
