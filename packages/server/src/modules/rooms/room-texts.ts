import type { FastifyInstance } from 'fastify';

/** What the process keeps of rooms' texts at most (UTF-8 bytes of the texts) unless VERDANT_ROOM_CACHE_MB says otherwise. */
export const ROOM_TEXTS_BYTES = 64 * 1024 * 1024;

/**
 * Whether a kept text may be served: the room's version (room_versions, bumped by the database on every
 * write that shows in the text) and the company's running re-entry intervals (which end with time alone)
 * are both those read for this request.
 */
export interface RoomTextKey {
  version: string;
  running: string;
}

interface Entry extends RoomTextKey {
  text: string;
  bytes: number;
}

/**
 * Each room's load_room_grids_boxes text (`{"RoomID":…,"grids":[…]}`), kept per (company, room) with the
 * version it was built at, least recently used first out when the texts pass `maxBytes` (docs/decisions.md,
 * "Facility answers kept per room"). A text larger than an eighth of the bound is not kept. Nothing here
 * decides freshness: the caller reads the versions from the database for each request, so a second API
 * process writing meanwhile can never get a stale room served from here.
 */
export class RoomTextCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Rooms served from here, rooms built, whole answers served compressed already (tests count them). */
  readonly stats = { hits: 0, builds: 0, packedHits: 0 };

  constructor(readonly maxBytes = ROOM_TEXTS_BYTES) {}

  get size() {
    return { rooms: this.entries.size, bytes: this.bytes };
  }

  /** The kept text of a room if it was built at exactly this key. */
  get(companyId: number, roomId: number, key: RoomTextKey): string | undefined {
    const id = `${companyId}:${roomId}`;
    const entry = this.entries.get(id);
    if (!entry || entry.version !== key.version || entry.running !== key.running) return undefined;
    // Most recently used last.
    this.entries.delete(id);
    this.entries.set(id, entry);
    this.stats.hits += 1;
    return entry.text;
  }

  set(companyId: number, roomId: number, key: RoomTextKey, text: string): void {
    const id = `${companyId}:${roomId}`;
    this.drop(id);
    const bytes = Buffer.byteLength(text);
    if (bytes > this.maxBytes / 8) return;
    this.entries.set(id, { ...key, text, bytes });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** Whether a room's text is kept at exactly this key (no use recorded). */
  has(companyId: number, roomId: number, key: RoomTextKey): boolean {
    const entry = this.entries.get(`${companyId}:${roomId}`);
    return entry !== undefined && entry.version === key.version && entry.running === key.running;
  }

  /**
   * Whole answers already compressed, by ETag and encoding: a facility read again unchanged is not compressed
   * again. A few only (the latest answers asked), bounded by an eighth of maxBytes.
   */
  private readonly packed = new Map<string, Buffer>();
  private packedBytes = 0;

  getPacked(id: string): Buffer | undefined {
    const bytes = this.packed.get(id);
    if (!bytes) return undefined;
    this.packed.delete(id);
    this.packed.set(id, bytes);
    this.stats.packedHits += 1;
    return bytes;
  }

  setPacked(id: string, bytes: Buffer): void {
    if (this.packed.has(id) || bytes.length > this.maxBytes / 8) return;
    this.packed.set(id, bytes);
    this.packedBytes += bytes.length;
    for (const [oldest, old] of this.packed) {
      if (this.packedBytes <= this.maxBytes / 8) break;
      this.packed.delete(oldest);
      this.packedBytes -= old.length;
    }
  }

  private drop(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}

const caches = new WeakMap<object, RoomTextCache>();

/**
 * The rooms' texts this app keeps, one cache per database handle (the same for the app and its plugins'
 * scopes; two apps in one process, as in tests, keep their own).
 */
export function roomTexts(app: Pick<FastifyInstance, 'db' | 'config'>): RoomTextCache {
  let cache = caches.get(app.db);
  if (!cache) {
    cache = new RoomTextCache(app.config.roomCacheBytes);
    caches.set(app.db, cache);
  }
  return cache;
}
