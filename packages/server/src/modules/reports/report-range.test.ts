import { describe, expect, it } from 'vitest';
import { MAX_POINTS_PER_SERIES, reportsMessages as msg } from '@verdant/contract';
import { mondayOf, resolveRange, todayIn, toWireRange } from './report-range.js';

const ALL = { options: ['weeks_ago', 'date_range', 'batch_related_date'] } as const;
/** Wednesday 4 March 2026, 10:00 UTC. */
const WEDNESDAY = new Date('2026-03-04T10:00:00Z');

describe('Monday weeks', () => {
  it('puts a Sunday in the week of the Monday before it, and a Monday in its own', () => {
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2024-03-01')).toBe('2024-02-26');
  });
});

describe('resolveRange', () => {
  it('weeks_ago 0 is this week, Monday to Sunday, by day', () => {
    const range = resolveRange({ date_option: 'weeks_ago', weeks_ago: 0 }, ALL, 'UTC', WEDNESDAY);
    expect(range).toMatchObject({ option: 'weeks_ago', start: '2026-03-02', end: '2026-03-08', granularity: 'day', bucketDays: 1, bucketCount: 7 });
  });

  it('weeks_ago N reaches back N whole weeks before this one', () => {
    const range = resolveRange({ date_option: 'weeks_ago', weeks_ago: 5 }, ALL, 'UTC', WEDNESDAY);
    expect(range).toMatchObject({ start: '2026-01-26', end: '2026-03-08', granularity: 'week', origin: '2026-01-26', bucketDays: 7, bucketCount: 6 });
    expect(toWireRange(range).buckets).toEqual(['2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02']);
  });

  it("takes 'this week' from the company's clock: Sunday 23:30 UTC is already Monday in Amsterdam", () => {
    const lateSunday = new Date('2026-03-08T23:30:00Z');
    expect(todayIn('UTC', lateSunday)).toBe('2026-03-08');
    expect(todayIn('Europe/Amsterdam', lateSunday)).toBe('2026-03-09');
    expect(resolveRange({ date_option: 'weeks_ago', weeks_ago: 0 }, ALL, 'UTC', lateSunday).start).toBe('2026-03-02');
    expect(resolveRange({ date_option: 'weeks_ago', weeks_ago: 0 }, ALL, 'Europe/Amsterdam', lateSunday).start).toBe('2026-03-09');
  });

  it('draws weekly buckets from the Monday on or before the first day', () => {
    const range = resolveRange({ date_option: 'date_range', start_date: '2026-03-04', end_date: '2026-03-10', granularity: 'week' }, ALL);
    expect(range).toMatchObject({ origin: '2026-03-02', bucketCount: 2 });
  });

  it('coarsens a long range to whole weeks until a series has at most 2,000 points', () => {
    const range = resolveRange({ date_option: 'date_range', start_date: '1900-01-01', end_date: '2026-12-31' }, ALL);
    expect(range.granularity).toBe('week');
    expect(range.bucketDays % 7).toBe(0);
    expect(range.bucketDays).toBeGreaterThan(7);
    expect(range.bucketCount).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    const days = resolveRange({ date_option: 'date_range', start_date: '2000-01-01', end_date: '2026-12-31', granularity: 'day' }, ALL);
    expect(days).toMatchObject({ granularity: 'week', bucketDays: 7 });
  });

  it('uses the default days only when no date option is sent', () => {
    const whenAbsent = { option: 'weeks_ago', start: '2026-02-09', end: '2026-03-08' } as const;
    expect(resolveRange({}, { ...ALL, whenAbsent }, 'UTC', WEDNESDAY)).toMatchObject({ start: '2026-02-09', end: '2026-03-08' });
    expect(() => resolveRange({ date_option: 'someday' }, { ...ALL, whenAbsent })).toThrow(msg.invalidDateOption);
  });

  it.each([
    [{}, ALL, msg.invalidDateOption],
    [{ date_option: 'weeks_ago' }, ALL, msg.weeksAgoRequired],
    [{ date_option: 'date_range', end_date: '2026-03-01' }, ALL, msg.startDateRequired],
    [{ date_option: 'batch_related_date', start_date: '2026-03-01' }, ALL, msg.endDateRequired],
    [{ date_option: 'date_range', start_date: '2026-03-02', end_date: '2026-03-01' }, ALL, msg.dateOrder],
    [{ date_option: 'batch_related_date', start_date: '2026-03-01', end_date: '2026-03-02' }, { options: ['weeks_ago', 'date_range'] }, msg.invalidDateOption],
    [{ date_option: 'weeks_ago', weeks_ago: 0 }, { options: ['weeks_ago', 'date_range'], weeksAgoAtLeastOne: true }, msg.cumulativeWeeksAgo],
  ] as const)('refuses %j', (input, rules, message) => {
    expect(() => resolveRange(input, rules)).toThrow(message);
  });
});
