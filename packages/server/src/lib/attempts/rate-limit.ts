import type { Kysely } from 'kysely';
import { authMessages } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import { tooManyRequests } from '../errors.js';
import { attemptTimes, deleteAttempts, deleteAttemptsById, insertAttempts, type AttemptKey } from './attempts.repository.js';

/**
 * Counting attempts per key in the database (sign-in, password reset, invitation lookups): the one home
 * of the limiter that auth and invitations both use.
 */

export interface Limit {
  max: number;
  windowMs: number;
}

/** A key that is counted and refused (429) once it holds more than `limit.max` attempts in its window. */
export interface LimitedKey extends AttemptKey {
  limit: Limit;
}

/**
 * Seconds until one more attempt fits: with `times` (ascending, inside the window) at or over
 * `max`, the attempt at index `length - max` is the one whose expiry makes room.
 */
export function retryAfterSeconds(times: Date[], limit: Limit, now: Date): number | null {
  if (times.length < limit.max) return null;
  const freeing = times[times.length - limit.max]!;
  return Math.max(1, Math.ceil((freeing.getTime() + limit.windowMs - now.getTime()) / 1000));
}

const windowStart = (k: LimitedKey, now: Date) => new Date(now.getTime() - k.limit.windowMs);

/**
 * Counts an attempt against every key before the caller does the work, so concurrent requests see
 * each other and cannot slip past the limit together. Over a limit → 429 with Retry-After, and
 * the refused attempt is not kept (waiting out the window is enough). Returns the ids of the rows
 * it wrote, which `forgiveAttempt` removes when the attempt turns out fine.
 */
export async function takeAttempt(db: Kysely<DB>, keys: LimitedKey[], now = new Date()): Promise<number[]> {
  await Promise.all(keys.map((k) => deleteAttempts(db, k, windowStart(k, now))));
  const ids = await insertAttempts(db, keys, now);
  const times = await Promise.all(keys.map((k) => attemptTimes(db, k, windowStart(k, now))));
  if (times.every((t, i) => t.length <= keys[i]!.limit.max)) return ids;

  await deleteAttemptsById(db, ids);
  const waits = await Promise.all(
    keys.map(async (k, i) =>
      times[i]!.length > k.limit.max ? retryAfterSeconds(await attemptTimes(db, k, windowStart(k, now)), k.limit, now) : null,
    ),
  );
  const wait = Math.max(...waits.map((w) => w ?? 1));
  throw tooManyRequests(authMessages.tooManyAttempts, wait);
}

/** Removes this attempt's rows, and every earlier failure of the `clear` keys. */
export async function forgiveAttempt(db: Kysely<DB>, ids: number[], clear: AttemptKey[] = []): Promise<void> {
  await deleteAttemptsById(db, ids);
  await Promise.all(clear.map((k) => deleteAttempts(db, k)));
}
