import { describe, expect, it } from 'vitest';
import { REPORT_DATA_MAX_ITEMS, ReportData, ReportFilters } from './saved-reports.schemas.js';
import { describeReportKinds, REPORT_TYPES } from './report-kinds.js';

const firstIssue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues[0];

describe('ReportFilters', () => {
  it('needs both dates for date_range', () => {
    const issue = firstIssue(ReportFilters.safeParse({ date_option: 'date_range', start_date: '2026-03-02' }));
    expect(issue?.path).toEqual(['end_date']);
    expect(issue?.message).toBe('is required for date_range');
  });

  it('takes weeks_ago 0 without dates, and blanks as not sent', () => {
    expect(ReportFilters.parse({ date_option: 'weeks_ago', weeks_ago: 0, start_date: '' })).toEqual({ date_option: 'weeks_ago', weeks_ago: 0 });
  });

  it('refuses an end before the start and impossible dates', () => {
    expect(firstIssue(ReportFilters.safeParse({ start_date: '2026-03-09', end_date: '2026-03-02' }))?.message).toBe('must not be after end_date');
    expect(firstIssue(ReportFilters.safeParse({ start_date: '2026-02-31' }))?.path).toEqual(['start_date']);
  });

  it('keeps unknown view settings only as plain values or short lists', () => {
    expect(ReportFilters.parse({ stacked: true, colours: ['#fff'] })).toEqual({ stacked: true, colours: ['#fff'] });
    expect(firstIssue(ReportFilters.safeParse({ nested: { a: { b: 1 } } }))?.path).toEqual(['nested']);
    const many = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, i]));
    expect(firstIssue(ReportFilters.safeParse(many))?.message).toBe('must have at most 40 entries');
  });
});

describe('ReportData', () => {
  it('takes rows of values and one level of series', () => {
    const rows = [{ bucket: '2026-03-02', Aphids: 3, series: { a: 1 } }, 4, 'x', null];
    expect(ReportData.parse(rows)).toEqual(rows);
  });

  it('is bounded in items and depth', () => {
    expect(firstIssue(ReportData.safeParse(Array.from({ length: REPORT_DATA_MAX_ITEMS + 1 }, () => 1)))?.message).toBe(
      `must hold at most ${REPORT_DATA_MAX_ITEMS} items`,
    );
    expect(ReportData.safeParse([{ a: { b: { c: 1 } } }]).success).toBe(false);
    expect(ReportData.safeParse('not a list').success).toBe(false);
  });
});

describe('report kinds', () => {
  it('describes every kind with its call and that call’s parameters', () => {
    const kinds = describeReportKinds();
    expect(kinds.map((k) => k.report_type)).toEqual([...REPORT_TYPES]);
    const trends = kinds.find((k) => k.report_type === 'trends')!;
    expect(trends.path).toBe('/get_trends_report_graph');
    expect(trends.parameters).toContainEqual({ name: 'company_id', required: true });
    expect(trends.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['room_ids', 'date_option', 'weeks_ago', 'start_date', 'end_date']));
    expect(kinds.find((k) => k.report_type === 'cumulative')!.date_options).toEqual(['weeks_ago', 'date_range']);
  });
});
