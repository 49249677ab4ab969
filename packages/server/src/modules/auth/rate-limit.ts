import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAttemptsByPrefix, deleteAttemptsByPrefix, type AttemptKey } from '../../lib/attempts/attempts.repository.js';
import type { Limit, LimitedKey } from '../../lib/attempts/rate-limit.js';

/**
 * Sign-in limits, all over `base.windowMs` (15 minutes by default). Refusals are keyed so that a
 * stranger's wrong passwords cannot lock the owner out: one account from one address (`base.max`,
 * 5 by default), and one address over all accounts (10 × that, 50). Over every address an account
 * is only slowed: from `accountSoftMax` failures (2 × base, 10) each further attempt waits longer.
 * The address limit counts sign-ins still in flight (so a burst cannot slip past it together): a
 * greenhouse's 25 scouts signing in behind one NAT at the start of a shift must all get in (issue 19).
 */
export function signInLimits(base: Limit) {
  return {
    accountAddress: base,
    address: { max: base.max * 10, windowMs: base.windowMs },
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
