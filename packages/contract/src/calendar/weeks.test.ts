import { describe, expect, it } from 'vitest';
import { isoWeekNumber, mondayOf, weekOf, weeksAgoRange } from './weeks.js';

describe('Monday weeks', () => {
  it('puts a Sunday in the week of the Monday before it, and a Monday in its own', () => {
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2024-03-01')).toBe('2024-02-26');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // across the year
  });

  it('spans a week Monday to Sunday, and weeks_ago N whole weeks before it', () => {
    expect(weekOf('2026-03-04')).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    expect(weeksAgoRange(0, '2026-03-04')).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    expect(weeksAgoRange(3, '2026-03-08')).toEqual({ start: '2026-02-09', end: '2026-03-08' });
  });

  it('numbers weeks as ISO 8601 does, across the turn of the year', () => {
    expect(isoWeekNumber('2026-11-23')).toBe(48);
    expect(isoWeekNumber('2026-11-29')).toBe(48);
    expect(isoWeekNumber('2026-01-01')).toBe(1); // a Thursday: week 1 of 2026
    expect(isoWeekNumber('2021-01-03')).toBe(53); // a Sunday still in 2020's week 53
    expect(isoWeekNumber('2024-12-30')).toBe(1); // a Monday already in 2025's week 1
    expect(isoWeekNumber('2027-01-01')).toBe(53); // a Friday in 2026's week 53
    expect(isoWeekNumber('2025-12-29')).toBe(1);
    expect(isoWeekNumber('2026-12-28')).toBe(53);
    expect(isoWeekNumber('2027-01-04')).toBe(1);
  });
});
