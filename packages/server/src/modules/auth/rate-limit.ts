import type { Kysely } from 'kysely';
import { authMessages } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import { tooManyRequests } from '../../lib/errors.js';
import {
  attemptTimes,
  countAttemptsByPrefix,
  deleteAttempts,
  deleteAttemptsById,
  deleteAttemptsByPrefix,
  insertAttempts,
  type AttemptKey,
} from './attempts.repository.js';

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

/**
 * Sign-in limits, all over `base.windowMs` (15 minutes by default). Refusals are keyed so that a
 * stranger's wrong passwords cannot lock the owner out: one account from one address (`base.max`,
 * 5 by default), and one address over all accounts (4 × that, 20). Over every address an account
 * is only slowed: from `accountSoftMax` failures (2 × base, 10) each further attempt waits longer.
 */
export function signInLimits(base: Limit) {
  return {
    accountAddress: base,
    address: { max: base.max * 4, windowMs: base.windowMs },
    accountSoftMax: base.max * 2,
  };
}

export const ACCOUNT_DELAY_STEP_MS = 1000;
export const ACCOUNT_DELAY_MAX_MS = 5000;

/** How long to hold a sign-in of an account that has `failures` (this attempt included) in the window. */
export function accountDelayMs(failures: number, softMax: number): number {
  if (failures <= softMax) return 0;
  return Math.min(ACCOUNT_DELAY_STEP_MS * (failures - softMax), ACCOUNT_DELAY_MAX_MS);
}

const ACCOUNT_ADDRESS = 'login:account-address';
// E-mails cannot contain a space (the contract's Email rule), so "<email> " prefixes one account's keys.
const accountPrefix = (email: string) => `${email.toLowerCase()} `;

export const loginAccountAddressKey = (email: string, ip: string): AttemptKey => ({
  kind: ACCOUNT_ADDRESS,
  key: `${accountPrefix(email)}${ip}`,
});

export function loginKeys(email: string, ip: string, base: Limit): LimitedKey[] {
  const limits = signInLimits(base);
  return [
    { ...loginAccountAddressKey(email, ip), limit: limits.accountAddress },
    { kind: 'login:ip', key: ip, limit: limits.address },
  ];
}

/** Failed sign-ins of one account from every address inside the window (the current attempt included). */
export const accountFailures = (db: Kysely<DB>, email: string, base: Limit, now = new Date()) =>
  countAttemptsByPrefix(db, ACCOUNT_ADDRESS, accountPrefix(email), new Date(now.getTime() - base.windowMs));

/** Forgets every failed sign-in of the account, from every address (after a password reset). */
export const clearAccountFailures = (db: Kysely<DB>, email: string) => deleteAttemptsByPrefix(db, ACCOUNT_ADDRESS, accountPrefix(email));

export const resetKeys = (email: string, ip: string, limit: Limit): LimitedKey[] => [
  { kind: 'reset:email', key: email.toLowerCase(), limit },
  { kind: 'reset:ip', key: ip, limit },
];
