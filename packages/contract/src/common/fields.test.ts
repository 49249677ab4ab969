import { describe, expect, it } from 'vitest';
import { CalendarDate, DateOnly, DateTime, Id, INT4_MAX, Int4, isCalendarDate } from './fields.js';
import { Offset } from './pagination.js';

describe('isCalendarDate', () => {
  it('accepts days that exist, leap days included', () => {
    for (const d of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) expect(isCalendarDate(d), d).toBe(true);
  });

  it('refuses days that do not, and anything not YYYY-MM-DD', () => {
    for (const d of ['2026-02-31', '2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01', '2026-1-01', '2026-01-01T00:00:00Z']) {
      expect(isCalendarDate(d), d).toBe(false);
    }
  });
});

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
