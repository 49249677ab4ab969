import type { OfflineDatabase } from '../offline/db';

/** What the background fill (offline-prefetch.ts) and the fill itself (offline-prefetch-fill.ts) share. */

export interface PrefetchTarget {
  companyId: number;
  userId: number;
}

export interface PrefetchOptions {
  signal?: AbortSignal;
  /** Requests at a time (low, so the screens the user opens are not held up). */
  concurrency?: number;
  /** Photo thumbnails of the recent observations stored per fill. */
  maxThumbnails?: number;
  database?: OfflineDatabase;
  now?: () => number;
}

/** A fill interrupted (offline, tab closed) resumes where it stopped if restarted within this time. */
export const RESUME_WITHIN_MS = 6 * 60 * 60_000;
/** A start (reload) does not refill a device made ready this recently. */
export const FRESH_ENOUGH_MS = 2 * 60_000;
/** Coming back online refills when the device was last ready longer ago than this. */
export const LONG_GAP_MS = 30 * 60_000;
export const DEFAULT_MAX_THUMBNAILS = 60;
