import { describe, expect, it } from 'vitest';
import { mondayOf, todayIso } from '../lib/weeks';

describe('forecasting weeks', () => {
  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // its Sunday
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // across the year
  });

  it("today is the device's calendar day", () => {
    expect(todayIso(new Date(2026, 2, 8, 23, 59))).toBe('2026-03-08');
    expect(todayIso(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
  });
});
