import { describe, expect, it } from 'vitest';
import { MAX_POINTS_PER_SERIES } from './reports.schemas.js';
import { bucketDays, defaultReportDays, reportDays, toWireRange, type DateOptionInput, type RangeRules, type ReportDays } from './report-range.js';

const ALL = { options: ['weeks_ago', 'date_range', 'batch_related_date'] } as const;
/** Wednesday 4 March 2026. */
const WEDNESDAY = '2026-03-04';

function daysOf(input: DateOptionInput, rules: RangeRules = ALL, today = WEDNESDAY): ReportDays {
  const picked = reportDays(input, rules, today);
  if (!picked.ok) throw new Error(picked.issues[0]!.error);
  return picked.days;
}
const range = (input: DateOptionInput, today = WEDNESDAY) => bucketDays(daysOf(input, ALL, today), input.granularity, 'UTC');

describe('reportDays', () => {
  it('weeks_ago 0 is this week, Monday to Sunday, by day', () => {
    expect(range({ date_option: 'weeks_ago', weeks_ago: 0 })).toMatchObject({ option: 'weeks_ago', start: '2026-03-02', end: '2026-03-08', granularity: 'day', bucketDays: 1, bucketCount: 7 });
  });

  it('weeks_ago N reaches back N whole weeks before this one', () => {
    const r = range({ date_option: 'weeks_ago', weeks_ago: 5 });
    expect(r).toMatchObject({ start: '2026-01-26', end: '2026-03-08', granularity: 'week', origin: '2026-01-26', bucketDays: 7, bucketCount: 6 });
    expect(toWireRange(r).buckets).toEqual(['2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02']);
  });

  it("counts this week from the report's today: a Monday starts a new week", () => {
    expect(daysOf({ date_option: 'weeks_ago', weeks_ago: 0 }, ALL, '2026-03-08').start).toBe('2026-03-02');
    expect(daysOf({ date_option: 'weeks_ago', weeks_ago: 0 }, ALL, '2026-03-09').start).toBe('2026-03-09');
  });

  it('uses the default days only when no date option is sent', () => {
    const whenAbsent = defaultReportDays('2026-03-04');
    expect(whenAbsent).toEqual({ option: 'weeks_ago', start: '2026-02-09', end: '2026-03-08' });
    expect(daysOf({}, { ...ALL, whenAbsent })).toEqual(whenAbsent);
    expect(reportDays({ date_option: 'someday' }, { ...ALL, whenAbsent }, WEDNESDAY)).toEqual({ ok: false, issues: [{ error: 'invalidDateOption', field: 'date_option' }] });
  });

  it.each([
    [{}, ALL, [['invalidDateOption', 'date_option']]],
    [{ date_option: 'weeks_ago' }, ALL, [['weeksAgoRequired', 'weeks_ago']]],
    [{ date_option: 'date_range' }, ALL, [['startDateRequired', 'start_date'], ['endDateRequired', 'end_date']]],
    [{ date_option: 'date_range', end_date: '2026-03-01' }, ALL, [['startDateRequired', 'start_date']]],
    [{ date_option: 'batch_related_date', start_date: '2026-03-01' }, ALL, [['endDateRequired', 'end_date']]],
    [{ date_option: 'date_range', start_date: '2026-03-02', end_date: '2026-03-01' }, ALL, [['dateOrder', 'end_date']]],
    [{ date_option: 'batch_related_date', start_date: '2026-03-01', end_date: '2026-03-02' }, { options: ['weeks_ago', 'date_range'] }, [['invalidDateOption', 'date_option']]],
    [{ date_option: 'weeks_ago', weeks_ago: 0 }, { options: ['weeks_ago', 'date_range'], weeksAgoAtLeastOne: true }, [['cumulativeWeeksAgo', 'weeks_ago']]],
  ] as const)('refuses %j, naming each broken rule in the order the server checks them', (input, rules, issues) => {
    expect(reportDays(input, rules, WEDNESDAY)).toEqual({ ok: false, issues: issues.map(([error, field]) => ({ error, field })) });
  });
});

describe('bucketDays', () => {
  it('draws weekly buckets from the Monday on or before the first day', () => {
    expect(range({ date_option: 'date_range', start_date: '2026-03-04', end_date: '2026-03-10', granularity: 'week' })).toMatchObject({ origin: '2026-03-02', bucketCount: 2 });
  });

  it('coarsens a long range to whole weeks until a series has at most 2,000 points', () => {
    const r = range({ date_option: 'date_range', start_date: '1900-01-01', end_date: '2026-12-31' });
    expect(r.granularity).toBe('week');
    expect(r.bucketDays % 7).toBe(0);
    expect(r.bucketDays).toBeGreaterThan(7);
    expect(r.bucketCount).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    expect(range({ date_option: 'date_range', start_date: '2000-01-01', end_date: '2026-12-31', granularity: 'day' })).toMatchObject({ granularity: 'week', bucketDays: 7 });
  });
});
