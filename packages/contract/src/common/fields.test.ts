import { describe, expect, it } from 'vitest';
import { CalendarDate, DateOnly, DateTime, Id, INT4_MAX, Int4 } from './fields.js';
import { Offset } from './pagination.js';

describe('shared fields', () => {
  it('bounds ids and whole numbers to an integer column', () => {
    expect(Id.safeParse(String(INT4_MAX)).success).toBe(true);
    expect(Id.safeParse(2 ** 31).error?.issues[0]?.message).toBe('must be at most 2147483647');
    expect(Id.safeParse(1e20).success).toBe(false);
    expect(Int4().safeParse(-1).error?.issues[0]?.message).toBe('must be 0 or more');
    expect(Int4(-5).safeParse(-6).error?.issues[0]?.message).toBe('must be at least -5');
    expect(Offset.safeParse(String(2 ** 31)).success).toBe(false);
  });

  it('refuses impossible dates and date-times', () => {
    expect(CalendarDate.safeParse('2026-02-31').error?.issues[0]?.message).toBe('must be a real calendar date');
    expect(CalendarDate.safeParse('31/01/2026').error?.issues[0]?.message).toBe('must be a date as YYYY-MM-DD');
    expect(DateOnly.safeParse(null).success).toBe(true);
    expect(DateTime.safeParse('2026-03-01T10:00:00Z').success).toBe(true);
    expect(DateTime.safeParse('2026-03-01T10:00:00+01:00').success).toBe(true);
    expect(DateTime.safeParse('2026-02-30T10:00:00Z').success).toBe(false);
    expect(DateTime.safeParse('2026-03-01 10:00').success).toBe(false);
  });
});
