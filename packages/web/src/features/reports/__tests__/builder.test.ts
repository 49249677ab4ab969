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

describe('the crop balance (issue 24)', () => {
  it('needs a crop, sends its indicator, and takes weeks back or a range but no batch dates', () => {
    expect(check('crop_balance', {}).errors).toEqual({ cropId: 'cropRequired' });
    expect(check('crop_balance', { cropId: '0' }).errors).toEqual({ cropId: 'cropRequired' });
    expect(check('crop_balance', { cropId: '7', roomIds: [9, 2] }).params).toEqual({
      date_option: 'date_range', start_date: '2026-11-02', end_date: '2026-11-25', crop_id: 7, indicator: 'growth', room_ids: [2, 9],
    });
    expect(check('crop_balance', { cropId: '7', indicator: 'balance', dateOption: 'weeks_ago', weeksAgo: '12' }).params).toEqual({
      date_option: 'weeks_ago', weeks_ago: 12, crop_id: 7, indicator: 'balance',
    });
    expect(check('crop_balance', { cropId: '7', dateOption: 'batch_related_date' }).errors).toEqual({ dateOption: 'invalidDateOption' });
  });

  it('refuses more than 104 Monday weeks on the field that sets them, as the server would', () => {
    expect(check('crop_balance', { cropId: '7', dateOption: 'weeks_ago', weeksAgo: '103' }).errors).toEqual({});
    expect(check('crop_balance', { cropId: '7', dateOption: 'weeks_ago', weeksAgo: '104' }).errors).toEqual({ weeksAgo: 'cropBalanceTooLong' });
    // 2024-11-25 is a Monday 104 weeks before 2026-11-23 (the Monday of 2026-11-25): one week too many; a Tuesday is the same week.
    expect(check('crop_balance', { cropId: '7', startDate: '2024-11-26' }).errors).toEqual({ startDate: 'cropBalanceTooLong' });
    expect(check('crop_balance', { cropId: '7', startDate: '2024-12-02' }).errors).toEqual({});
    // Other kinds keep their long ranges.
    expect(check('trends', { startDate: '2024-11-26' }).errors).toEqual({});
  });

  it('keeps the crop and indicator in the saved filters and fills them back in', () => {
    const { params } = check('crop_balance', { cropId: '7', indicator: 'setting_speed', roomIds: [3] });
    const filters = filtersOf(params!);
    expect(filters).toMatchObject({ crop_id: 7, indicator: 'setting_speed' });
    const back = valuesFromSaved({ report_type: 'crop_balance', chart_type: 'LineChart', room_ids: [3], filters }, initialValues('trends', '2026-11-25'));
    expect(back).toMatchObject({ kind: 'crop_balance', cropId: '7', indicator: 'setting_speed', roomIds: [3] });
    expect(validateBuilder(back, info('crop_balance')).params).toEqual(params);
    expect(valuesFromSaved({ report_type: 'crop_balance', chart_type: 'LineChart', room_ids: [], filters: { crop_id: 7, indicator: 'colour' } }).indicator).toBe('growth');
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
