import { describe, expect, it } from 'vitest';
import { describeReportKinds, type ReportTypeName } from '@verdant/contract';
import { filtersOf, initialValues, validateBuilder, valuesFromSaved, type BuilderValues } from '../lib/builder';

const kinds = describeReportKinds();
const info = (kind: ReportTypeName) => kinds.find((k) => k.report_type === kind);
const check = (kind: ReportTypeName, more: Partial<BuilderValues>) => validateBuilder({ ...initialValues(kind, '2026-11-25'), ...more }, info(kind));

describe('initialValues', () => {
  it('starts on date_range (Monday three weeks back to today) and a line chart, as the reports state does', () => {
    const v = initialValues('trends', '2026-11-25');
    expect(v).toMatchObject({ dateOption: 'date_range', chartType: 'LineChart', startDate: '2026-11-02', endDate: '2026-11-25' });
  });
});

describe('validateBuilder', () => {
  it('needs weeks_ago for the weeks_ago option, and 0 (this week) is allowed', () => {
    expect(check('trends', { dateOption: 'weeks_ago', weeksAgo: '' }).errors).toEqual({ weeksAgo: 'weeksAgoRequired' });
    expect(check('trends', { dateOption: 'weeks_ago', weeksAgo: '2.5' }).errors).toEqual({ weeksAgo: 'weeksAgoRange' });
    expect(check('trends', { dateOption: 'weeks_ago', weeksAgo: '1041' }).errors).toEqual({ weeksAgo: 'weeksAgoRange' });
    expect(check('trends', { dateOption: 'weeks_ago', weeksAgo: '0' })).toEqual({ errors: {}, params: { date_option: 'weeks_ago', weeks_ago: 0 } });
  });

  it('rejects a falsy weeks_ago for cumulative trends, and the batch date option it does not take', () => {
    expect(check('cumulative', { dateOption: 'weeks_ago', weeksAgo: '0' }).errors).toEqual({ weeksAgo: 'cumulativeWeeksAgo' });
    expect(check('cumulative', { dateOption: 'batch_related_date' }).errors).toEqual({ dateOption: 'invalidDateOption' });
  });

  it('needs both dates for date_range and batch_related_date, the first not after the last', () => {
    expect(check('trends', { startDate: '', endDate: '' }).errors).toEqual({ startDate: 'startDateRequired', endDate: 'endDateRequired' });
    expect(check('single_problem', { dateOption: 'batch_related_date', problem: 'Thrips', endDate: '' }).errors).toEqual({ endDate: 'endDateRequired' });
    expect(check('trends', { startDate: '2026-11-20', endDate: '2026-11-10' }).errors).toEqual({ endDate: 'dateOrder' });
  });

  it('sends the rooms as a sorted list, and no room_ids for all rooms', () => {
    expect(check('trends', { roomIds: [12, 3] }).params).toEqual({ date_option: 'date_range', start_date: '2026-11-02', end_date: '2026-11-25', room_ids: [3, 12] });
    expect(check('trends', {}).params).not.toHaveProperty('room_ids');
  });

  it('problem trends take a plain range, without date_option', () => {
    expect(check('problem_trends', {}).params).toEqual({ start_date: '2026-11-02', end_date: '2026-11-25' });
  });

  it('gutter trends need at least one room and one problem, and take no dates', () => {
    expect(check('gutter', {}).errors).toEqual({ roomIds: 'roomsRequired', problems: 'problemsRequired' });
    expect(check('gutter', { roomIds: [4], problems: ['Thrips, western'] }).params).toEqual({ room_ids: [4], plant_problems: ['Thrips, western'] });
  });

  it('asks for the kind’s own required choices: a problem, a field, a batch, statuses, varieties', () => {
    expect(check('single_problem', {}).errors).toEqual({ problem: 'problemRequired' });
    expect(check('field_responses', {}).errors).toEqual({ fieldId: 'fieldRequired' });
    expect(check('specific', {}).errors).toEqual({ batchId: 'batchRequired' });
    expect(check('crop_status', {}).errors).toEqual({ batchStatuses: 'statusesRequired' });
    expect(check('crop_status_by_variety', {}).errors).toEqual({ strainNames: 'strainsRequired' });
    expect(check('plant_count', { groupBy: 'room' }).params).toEqual({ group_by: 'room' });
  });
});

describe('saved filters', () => {
  it('keep the call’s parameters without the rooms, and fill the form back in', () => {
    const { params } = check('single_problem', { problem: 'Aphids', roomIds: [5], dateOption: 'weeks_ago', weeksAgo: '4' });
    const filters = filtersOf(params!);
    expect(filters).toEqual({ date_option: 'weeks_ago', weeks_ago: 4, problem: 'Aphids' });
    const back = valuesFromSaved({ report_type: 'single_problem', chart_type: 'BarChart', room_ids: [5], filters }, initialValues('trends', '2026-11-25'));
    expect(back).toMatchObject({ kind: 'single_problem', chartType: 'BarChart', roomIds: [5], problem: 'Aphids', dateOption: 'weeks_ago', weeksAgo: '4' });
    expect(validateBuilder(back, info('single_problem')).params).toEqual(params);
  });

  it('ignores a kind or chart type it does not know', () => {
    const back = valuesFromSaved({ report_type: 'nope', chart_type: 'Radar', room_ids: [], filters: {} }, initialValues('trends', '2026-11-25'));
    expect(back).toMatchObject({ kind: 'trends', chartType: 'LineChart' });
  });
});
