import { describe, expect, it } from 'vitest';
import { mondayOf, weekOf, weeksAgoRange } from './weeks.js';

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
});
