import {
  CHART_TYPES,
  DATE_OPTIONS,
  DEFAULT_CHART_TYPE,
  REPORT_TYPES,
  DEFAULT_CROP_BALANCE_INDICATOR,
  DEFAULT_DATE_OPTION,
  DEFAULT_WEEKS_AGO,
  INDICATORS,
  MAX_CROP_BALANCE_WEEKS,
  MAX_WEEKS_AGO,
  daysBetween,
  deviceToday,
  mondayOf,
  reportDays,
  weeksAgoRange,
  type ChartTypeName,
  type DateOption,
  type Indicator,
  type ReportTypeName,
} from '@verdant/contract';
import type { ReportParams } from '../../../api/reports';
import { draftSchema } from '../../../components/draft-form';

/** What the builder's form holds, as typed (text until it is checked). */
export interface BuilderValues {
  kind: ReportTypeName;
  roomIds: number[];
  roomId: string;
  problem: string;
  problems: string[];
  dateOption: DateOption;
  weeksAgo: string;
  startDate: string;
  endDate: string;
  batchId: string;
  fieldId: string;
  groupBy: 'crop' | 'room' | 'status';
  batchStatuses: string[];
  strainNames: string[];
  /** The crop balance's crop (an id as text, '' for none) and the indicator it draws. */
  cropId: string;
  indicator: Indicator;
  chartType: ChartTypeName;
}

/** A kind as get_report_info describes it: its date options and its call's parameters. */
export interface KindInfo {
  report_type: string;
  date_options: readonly string[];
  parameters: ReadonlyArray<{ name: string; required: boolean }>;
}

/**
 * Field errors, each a key under the reports texts' `errors` (the date rules are the contract's own,
 * reports/report-range.ts, so the builder refuses exactly what the call would).
 */
export type BuilderError =
  | 'invalidDateOption'
  | 'weeksAgoRequired'
  | 'weeksAgoRange'
  | 'cumulativeWeeksAgo'
  | 'startDateRequired'
  | 'endDateRequired'
  | 'dateOrder'
  | 'roomsRequired'
  | 'problemsRequired'
  | 'problemRequired'
  | 'fieldRequired'
  | 'batchRequired'
  | 'statusesRequired'
  | 'strainsRequired'
  | 'cropRequired'
  | 'cropBalanceTooLong';
export type BuilderField = 'dateOption' | 'weeksAgo' | 'startDate' | 'endDate' | 'roomIds' | 'problems' | 'problem' | 'fieldId' | 'batchId' | 'batchStatuses' | 'strainNames' | 'cropId';
export type BuilderErrors = Partial<Record<BuilderField, BuilderError>>;

/** The reports screen starts on date_range (the last four weeks, Monday to today) and a line chart (spec-2 §4). */
export function initialValues(kind: ReportTypeName = 'trends', today = deviceToday()): BuilderValues {
  return {
    kind,
    roomIds: [],
    roomId: '',
    problem: '',
    problems: [],
    dateOption: DEFAULT_DATE_OPTION,
    weeksAgo: String(DEFAULT_WEEKS_AGO),
    startDate: weeksAgoRange(DEFAULT_WEEKS_AGO, today).start,
    endDate: today,
    batchId: '',
    fieldId: '',
    groupBy: 'crop',
    batchStatuses: [],
    strainNames: [],
    cropId: '',
    indicator: DEFAULT_CROP_BALANCE_INDICATOR,
    chartType: DEFAULT_CHART_TYPE,
  };
}

/** Which parameters a kind takes, and which of them it needs. */
export function kindParameters(info: KindInfo | undefined) {
  const names = new Map((info?.parameters ?? []).map((p) => [p.name, p.required]));
  const has = (name: string) => names.has(name);
  const needs = (name: string) => names.get(name) === true;
  const dateOptions = DATE_OPTIONS.filter((o) => info?.date_options.includes(o));
  return { has, needs, dateOptions };
}

const WHOLE = /^\d+$/;

const DATE_FIELDS = { date_option: 'dateOption', weeks_ago: 'weeksAgo', start_date: 'startDate', end_date: 'endDate' } as const;

/** Checks the form against the kind's rules; with no error, the call's parameters. */
export function validateBuilder(values: BuilderValues, info: KindInfo | undefined): { errors: BuilderErrors; params: ReportParams | null } {
  const { has, needs, dateOptions } = kindParameters(info);
  const errors: BuilderErrors = {};
  const params: ReportParams = {};

  if (dateOptions.length > 0) {
    const text = values.weeksAgo.trim();
    // The typed text is the builder's to read; what it means is the contract's rule.
    if (values.dateOption === 'weeks_ago' && dateOptions.includes('weeks_ago') && text !== '' && (!WHOLE.test(text) || Number(text) > MAX_WEEKS_AGO)) {
      errors.weeksAgo = 'weeksAgoRange';
    } else {
      const weeksAgo = values.dateOption === 'weeks_ago' && text !== '' ? Number(text) : undefined;
      const input = { date_option: values.dateOption, weeks_ago: weeksAgo, start_date: values.startDate, end_date: values.endDate };
      // Spec-2 §5: cumulative trends reject a falsy weeks_ago.
      const checked = reportDays(input, { options: dateOptions, weeksAgoAtLeastOne: values.kind === 'cumulative' }, deviceToday());
      if (!checked.ok) for (const issue of checked.issues) errors[DATE_FIELDS[issue.field]] = issue.error;
      else if (values.kind === 'crop_balance' && daysBetween(mondayOf(checked.days.start), mondayOf(checked.days.end)) / 7 >= MAX_CROP_BALANCE_WEEKS) {
        // The server's bound on the crop balance (its weeks are read as Monday weeks), said on the field that sets it.
        errors[values.dateOption === 'weeks_ago' ? 'weeksAgo' : 'startDate'] = 'cropBalanceTooLong';
      } else if (values.dateOption === 'weeks_ago') {
        params.date_option = 'weeks_ago';
        params.weeks_ago = weeksAgo;
      } else {
        // problem_trends takes a plain range, without date_option.
        if (has('date_option')) params.date_option = values.dateOption;
        params.start_date = values.startDate;
        params.end_date = values.endDate;
      }
    }
  }

  if (has('room_ids')) {
    if (needs('room_ids') && values.roomIds.length === 0) errors.roomIds = 'roomsRequired';
    else if (values.roomIds.length) params.room_ids = [...values.roomIds].sort((a, b) => a - b);
  }
  if (has('room_id') && values.roomId) params.room_id = Number(values.roomId);
  if (has('plant_problems')) {
    if (values.problems.length === 0 && needs('plant_problems')) errors.problems = 'problemsRequired';
    else if (values.problems.length) params.plant_problems = [...values.problems];
  }
  if (has('problem')) {
    const problem = values.problem.trim();
    if (!problem && needs('problem')) errors.problem = 'problemRequired';
    else if (problem) params.problem = problem;
  }
  if (has('FieldID')) {
    if (!values.fieldId) errors.fieldId = 'fieldRequired';
    else params.FieldID = Number(values.fieldId);
  }
  const batchParam = has('batch_id') ? 'batch_id' : has('batchid') ? 'batchid' : null;
  if (batchParam) {
    if (!values.batchId && needs(batchParam)) errors.batchId = 'batchRequired';
    else if (values.batchId) {
      if (batchParam === 'batch_id') params.batch_id = Number(values.batchId);
      else params.batchid = Number(values.batchId);
    }
  }
  if (has('group_by')) params.group_by = values.groupBy;
  if (has('batch_statuses')) {
    if (values.batchStatuses.length === 0 && needs('batch_statuses')) errors.batchStatuses = 'statusesRequired';
    else if (values.batchStatuses.length) params.batch_statuses = [...values.batchStatuses];
  }
  if (has('strain_names')) {
    if (values.strainNames.length === 0) errors.strainNames = 'strainsRequired';
    else params.strain_names = [...values.strainNames];
  }

  if (has('crop_id')) {
    if (!WHOLE.test(values.cropId) || Number(values.cropId) < 1) errors.cropId = 'cropRequired';
    else params.crop_id = Number(values.cropId);
  }
  if (has('indicator')) params.indicator = values.indicator;

  return { errors, params: Object.keys(errors).length ? null : params };
}

/** The parameters a saved report keeps as `filters` (the drawn call's parameters, rooms travel apart). */
export function filtersOf(params: ReportParams): Record<string, unknown> {
  const { room_ids: _rooms, ...rest } = params;
  return rest;
}

/** A saved report's filters and rooms back in the form, so "Edit" redraws it with today's data. */
export function valuesFromSaved(saved: { report_type: string; chart_type: string; room_ids: number[]; filters: Record<string, unknown> }, base = initialValues()): BuilderValues {
  const f = saved.filters;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const kind = REPORT_TYPES.find((k) => k === saved.report_type) ?? base.kind;
  const chartType = CHART_TYPES.find((c) => c === saved.chart_type) ?? base.chartType;
  const dateOption = DATE_OPTIONS.find((o) => o === f.date_option) ?? (f.start_date ? 'date_range' : base.dateOption);
  return {
    ...base,
    kind,
    chartType,
    roomIds: saved.room_ids,
    roomId: text(f.room_id),
    problem: text(f.problem),
    problems: list(f.plant_problems),
    dateOption,
    weeksAgo: f.weeks_ago === undefined ? base.weeksAgo : text(f.weeks_ago),
    startDate: text(f.start_date) || base.startDate,
    endDate: text(f.end_date) || base.endDate,
    batchId: text(f.batch_id ?? f.batchid),
    fieldId: text(f.FieldID),
    groupBy: f.group_by === 'room' || f.group_by === 'status' ? f.group_by : 'crop',
    batchStatuses: list(f.batch_statuses),
    strainNames: list(f.strain_names),
    cropId: text(f.crop_id),
    indicator: INDICATORS.find((i) => i === f.indicator) ?? base.indicator,
  };
}

/**
 * The builder's schema: `validateBuilder`'s refusals as keys of the reports texts (`errors.…`); valid
 * choices become the call's parameters. `kinds` is what get_report_info offers.
 */
export const builderSchema = (kinds: readonly KindInfo[]) => {
  const info = (v: BuilderValues) => kinds.find((k) => k.report_type === v.kind);
  return draftSchema<BuilderValues, ReportParams>(
    (v) => Object.fromEntries(Object.entries(validateBuilder(v, info(v)).errors).map(([field, key]) => [field, `errors.${key}`])),
    (v) => validateBuilder(v, info(v)).params ?? {},
  );
};

