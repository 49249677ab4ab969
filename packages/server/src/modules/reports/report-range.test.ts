import { describe, expect, it } from 'vitest';
import { reportsMessages as msg } from '@verdant/contract';
import { defaultWeeks, resolveRange } from './report-range.js';

// The date rules and buckets are the contract's (packages/contract/src/reports/report-range.test.ts); this is
// the server's side of them: whose today, and a broken rule as a 400 naming its field.
const ALL = { options: ['weeks_ago', 'date_range', 'batch_related_date'] } as const;
/** Wednesday 4 March 2026, 10:00 UTC. */
const WEDNESDAY = new Date('2026-03-04T10:00:00Z');

describe('resolveRange', () => {
  it('weeks_ago 0 is this week, Monday to Sunday, by day', () => {
    const range = resolveRange({ date_option: 'weeks_ago', weeks_ago: 0 }, ALL, 'UTC', WEDNESDAY);
    expect(range).toMatchObject({ option: 'weeks_ago', start: '2026-03-02', end: '2026-03-08', granularity: 'day', bucketDays: 1, bucketCount: 7, timeZone: 'UTC' });
  });

  it("takes 'this week' from the report zone's clock: Sunday 23:30 UTC is already Monday in Amsterdam", () => {
    const lateSunday = new Date('2026-03-08T23:30:00Z');
    expect(resolveRange({ date_option: 'weeks_ago', weeks_ago: 0 }, ALL, 'UTC', lateSunday).start).toBe('2026-03-02');
    expect(resolveRange({ date_option: 'weeks_ago', weeks_ago: 0 }, ALL, 'Europe/Amsterdam', lateSunday).start).toBe('2026-03-09');
    expect(defaultWeeks('UTC', lateSunday)).toEqual({ option: 'weeks_ago', start: '2026-02-09', end: '2026-03-08' });
  });

  it('uses the default days only when no date option is sent', () => {
    const whenAbsent = defaultWeeks('UTC', WEDNESDAY);
    expect(resolveRange({}, { ...ALL, whenAbsent }, 'UTC', WEDNESDAY)).toMatchObject({ start: '2026-02-09', end: '2026-03-08' });
    expect(() => resolveRange({ date_option: 'someday' }, { ...ALL, whenAbsent })).toThrow(msg.invalidDateOption);
  });

  it.each([
    [{}, ALL, msg.invalidDateOption, 'date_option'],
    [{ date_option: 'weeks_ago' }, ALL, msg.weeksAgoRequired, 'weeks_ago'],
    [{ date_option: 'date_range' }, ALL, msg.startDateRequired, 'start_date'],
    [{ date_option: 'batch_related_date', start_date: '2026-03-01' }, ALL, msg.endDateRequired, 'end_date'],
    [{ date_option: 'date_range', start_date: '2026-03-02', end_date: '2026-03-01' }, ALL, msg.dateOrder, 'end_date'],
    [{ date_option: 'weeks_ago', weeks_ago: 0 }, { options: ['weeks_ago', 'date_range'], weeksAgoAtLeastOne: true }, msg.cumulativeWeeksAgo, 'weeks_ago'],
  ] as const)('refuses %j with the first broken rule, naming its field', (input, rules, message, field) => {
    expect(() => resolveRange(input, rules)).toThrow(expect.objectContaining({ message, field }));
  });
});
