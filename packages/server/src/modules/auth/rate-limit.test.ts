import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../lib/attempts/rate-limit.js';
import { accountDelayMs, signInLimits } from './rate-limit.js';

const limit = { max: 3, windowMs: 60_000 };
const now = new Date('2026-01-01T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);

describe('retryAfterSeconds', () => {
  it('is null below the limit', () => {
    expect(retryAfterSeconds([ago(10), ago(5)], limit, now)).toBeNull();
  });

  it('waits for the oldest attempt to leave the window when exactly at the limit', () => {
    expect(retryAfterSeconds([ago(50), ago(20), ago(5)], limit, now)).toBe(10);
  });

  it('waits for enough attempts to leave when over the limit', () => {
    expect(retryAfterSeconds([ago(55), ago(50), ago(20), ago(5)], limit, now)).toBe(10);
  });

  it('never answers less than one second', () => {
    expect(retryAfterSeconds([ago(60), ago(20), ago(5)], limit, now)).toBe(1);
  });
});

describe('sign-in limits', () => {
  it('refuse per account and address, per address at ten times that, and delay an account from twice that', () => {
    expect(signInLimits({ max: 5, windowMs: 900_000 })).toEqual({
      accountAddress: { max: 5, windowMs: 900_000 },
      address: { max: 50, windowMs: 900_000 },
      accountSoftMax: 10,
    });
  });

  it('delay one second more per failure over the ceiling, at most five', () => {
    expect(accountDelayMs(10, 10)).toBe(0);
    expect(accountDelayMs(11, 10)).toBe(1000);
    expect(accountDelayMs(13, 10)).toBe(3000);
    expect(accountDelayMs(500, 10)).toBe(5000);
  });
});
