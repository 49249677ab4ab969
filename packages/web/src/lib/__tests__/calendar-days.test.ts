import { describe, expect, it } from 'vitest';
import { addDays, mondayOf, todayIso } from '../calendar-days';

describe('calendar days', () => {
  it('finds the Monday of a week (weeks start on Monday)', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // its Sunday
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // across the year
  });

  it('adds days across months, years and the spring clock change', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // Europe's clocks change on 29 March 2026
  });

  it("takes today's date from the device's clock, not UTC", () => {
    expect(todayIso(new Date(2026, 10, 25, 23, 59))).toBe('2026-11-25');
    expect(todayIso(new Date(2026, 0, 5, 0, 1))).toBe('2026-01-05');
  });
});
