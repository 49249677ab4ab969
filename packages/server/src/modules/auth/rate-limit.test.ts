import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './rate-limit.js';

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
