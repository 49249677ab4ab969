import type { RegistrationWalk } from '@verdant/contract';

export type WalkPlant = RegistrationWalk['plants'][number];

/** What the walk needs of an outbox entry (the api layer's QueuedAction). */
export interface QueuedLike {
  endpoint: string;
  input: Record<string, unknown>;
  state: 'waiting' | 'sending' | 'sent' | 'refused';
}

/** A sample plant on the walk as this device sees it: the server's week joined with what waits in the outbox. */
export interface WalkEntry {
  plant: WalkPlant;
  /** This week's values by type id: the server's, overlaid by what this device saved since. */
  values: Record<number, number>;
  /** Last week's values by type id (shown beside each field). */
  lastWeek: Record<number, number>;
  /** Registered this week (on the server, or saved on this device): the server's rule for `done` and the progress. */
  done: boolean;
  /** Saved on this device and not yet on the server. */
  waiting: boolean;
  /** This week's photo: the one taken on this device and still in the outbox (its Blob), else the server's. */
  photo: WalkPhoto | null;
}

export interface WalkPhoto {
  imageUrl: string | null;
  thumbUrl: string | null;
  blob: Blob | null;
  /** Taken on this device and not on the server yet. */
  waiting: boolean;
}

/** A queued photo's input read back: the plant, the week and its Blob. */
function readQueuedPhoto(a: QueuedLike): QueuedPhoto | null {
  if (a.endpoint !== 'saveRegistrationPhoto' || a.state === 'refused') return null;
  const { sample_plant_id: plantId, week, photo } = a.input;
  if (typeof plantId !== 'number' || typeof week !== 'string' || !(photo instanceof Blob)) return null;
  return { plantId, week, blob: photo, sent: a.state === 'sent' };
}

interface QueuedPhoto {
  plantId: number;
  week: string;
  blob: Blob;
  sent: boolean;
}

interface QueuedRegistration {
  plantId: number;
  week: string;
  values: Array<{ typeId: number; value: number }>;
  state: QueuedLike['state'];
}

/** A queued registration's input read back (it was built by this app, but storage is outside the type system). */
function readQueued(a: QueuedLike): QueuedRegistration | null {
  if (a.endpoint !== 'saveRegistration') return null;
  const { sample_plant_id: plantId, week, values } = a.input;
  if (typeof plantId !== 'number' || typeof week !== 'string' || !Array.isArray(values)) return null;
  const read: QueuedRegistration['values'] = [];
  for (const v of values as unknown[]) {
    if (typeof v !== 'object' || v === null) continue;
    const { type_id: typeId, value } = v as Record<string, unknown>;
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(',', '.')) : NaN;
    if (typeof typeId === 'number' && Number.isFinite(n)) read.push({ typeId, value: n });
  }
  return { plantId, week, values: read, state: a.state };
}

const byType = (values: ReadonlyArray<{ type_id: number; value: number }>) => Object.fromEntries(values.map((v) => [v.type_id, v.value]));

/**
 * The walk's plants in route order with what this device knows: after a reload offline the server's copy is the
 * one read before, so the registrations saved since come from the outbox (IndexedDB), and the walk resumes
 * where it was. A refused registration does not count: the plant is to be measured again.
 */
export function walkEntries(walk: RegistrationWalk, queued: readonly QueuedLike[]): WalkEntry[] {
  const saved = new Map<number, QueuedRegistration>();
  const photos = new Map<number, QueuedPhoto>();
  for (const a of queued) {
    const r = readQueued(a);
    if (r && r.week === walk.week && r.state !== 'refused') saved.set(r.plantId, r);
    const p = readQueuedPhoto(a);
    if (p && p.week === walk.week) photos.set(p.plantId, p);
  }
  return [...walk.plants]
    .sort((a, b) => a.position - b.position)
    .map((plant) => {
      const mine = saved.get(plant.sample_plant_id);
      const values = byType(plant.values);
      if (mine) for (const v of mine.values) values[v.typeId] = v.value;
      return {
        plant,
        values,
        lastWeek: byType(plant.last_week),
        done: plant.done || mine !== undefined,
        waiting: mine !== undefined && mine.state !== 'sent',
        photo: photoOf(plant, photos.get(plant.sample_plant_id)),
      };
    });
}

/** The device's photo while it waits (or is sent and the server's copy not read yet), else the server's. */
function photoOf(plant: WalkPlant, mine: QueuedPhoto | undefined): WalkPhoto | null {
  if (mine && (!mine.sent || !plant.photo)) return { imageUrl: null, thumbUrl: null, blob: mine.blob, waiting: !mine.sent };
  return plant.photo ? { imageUrl: plant.photo.image_url, thumbUrl: plant.photo.thumb_url, blob: null, waiting: false } : null;
}

/** The first plant still to measure from `from` on (wrapping round), or null when every plant is measured. */
export function nextToMeasure(entries: readonly WalkEntry[], from = 0): number | null {
  for (let i = 0; i < entries.length; i++) {
    const at = (from + i) % entries.length;
    if (!entries[at]!.done) return at;
  }
  return null;
}
