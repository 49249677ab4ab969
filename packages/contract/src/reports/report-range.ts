import { addDays, daysBetween } from '../calendar/plain-date.js';
import { mondayOf, weeksAgoRange } from '../calendar/weeks.js';
import type { reportsMessages } from './reports.messages.js';
import {
  DEFAULT_WEEKS_AGO,
  MAX_DAY_BUCKET_RANGE,
  MAX_POINTS_PER_SERIES,
  type DateOption,
  type Granularity,
  type TrendRange,
} from './reports.schemas.js';

/**
 * The report date rules, once for both sides: which days a report's date parameters name (the server answers
 * with them, the report builder refuses what the server would) and how those days are bucketed.
 */

export interface DateOptionInput {
  date_option?: string;
  weeks_ago?: number;
  start_date?: string;
  end_date?: string;
  granularity?: Granularity;
}

export interface RangeRules {
  /** Options this report accepts; any other is 'Invalid date_option provided.' */
  options: readonly DateOption[];
  /** What an absent date_option means: an error (undefined), or these days. */
  whenAbsent?: ReportDays;
  /** Cumulative trends refuse weeks_ago 0 (spec: a falsy value is rejected). */
  weeksAgoAtLeastOne?: boolean;
}

/** The days a report covers, both included. */
export interface ReportDays {
  option: DateOption;
  start: string;
  end: string;
}

/** A broken date rule: its message key (reportsMessages) and the parameter it names. */
export interface ReportDateIssue {
  error: keyof typeof reportsMessages &
    ('invalidDateOption' | 'weeksAgoRequired' | 'cumulativeWeeksAgo' | 'startDateRequired' | 'endDateRequired' | 'dateOrder');
  field: 'date_option' | 'weeks_ago' | 'start_date' | 'end_date';
}

/**
 * The days a report's date parameters name, `today` being the report's day. Every broken rule is listed, in
 * the order the server checks them (it answers the first; the builder marks each field).
 */
export function reportDays(input: DateOptionInput, rules: RangeRules, today: string): { ok: true; days: ReportDays } | { ok: false; issues: ReportDateIssue[] } {
  if (input.date_option === undefined && rules.whenAbsent) return { ok: true, days: rules.whenAbsent };
  const option = rules.options.find((o) => o === input.date_option);
  if (!option) return { ok: false, issues: [{ error: 'invalidDateOption', field: 'date_option' }] };
  if (option === 'weeks_ago') {
    if (input.weeks_ago === undefined) return { ok: false, issues: [{ error: 'weeksAgoRequired', field: 'weeks_ago' }] };
    if (rules.weeksAgoAtLeastOne && input.weeks_ago === 0) return { ok: false, issues: [{ error: 'cumulativeWeeksAgo', field: 'weeks_ago' }] };
    return { ok: true, days: { option, ...weeksAgoRange(input.weeks_ago, today) } };
  }
  const issues: ReportDateIssue[] = [];
  if (!input.start_date) issues.push({ error: 'startDateRequired', field: 'start_date' });
  if (!input.end_date) issues.push({ error: 'endDateRequired', field: 'end_date' });
  if (input.start_date && input.end_date && input.end_date < input.start_date) issues.push({ error: 'dateOrder', field: 'end_date' });
  return issues.length ? { ok: false, issues } : { ok: true, days: { option, start: input.start_date!, end: input.end_date! } };
}

/** Default days for reports whose date option may be left out: this week and the 3 before it. */
export const defaultReportDays = (today: string): ReportDays => ({ option: 'weeks_ago', ...weeksAgoRange(DEFAULT_WEEKS_AGO, today) });

/** A report's days and how they are bucketed. */
export interface ReportRange extends ReportDays {
  granularity: Granularity;
  /** The first bucket's first day: `start`, or the Monday on or before it for weekly buckets. */
  origin: string;
  bucketDays: number;
  bucketCount: number;
  timeZone: string;
}

/**
 * Buckets days: days for ranges up to 31 days, else Monday-start weeks (or `granularity`), coarsened to
 * whole weeks until a series has at most MAX_POINTS_PER_SERIES points.
 */
export function bucketDays({ option, start, end }: ReportDays, asked: Granularity | undefined, timeZone: string): ReportRange {
  const days = daysBetween(start, end) + 1;
  let granularity: Granularity = asked ?? (days <= MAX_DAY_BUCKET_RANGE ? 'day' : 'week');
  if (granularity === 'day' && days > MAX_POINTS_PER_SERIES) granularity = 'week';
  const origin = granularity === 'day' ? start : mondayOf(start);
  const span = daysBetween(origin, end) + 1;
  const size = granularity === 'day' ? 1 : 7 * Math.ceil(span / 7 / MAX_POINTS_PER_SERIES);
  return { option, start, end, granularity, origin, bucketDays: size, bucketCount: Math.ceil(span / size), timeZone };
}

export const bucketStart = (range: ReportRange, index: number): string => addDays(range.origin, index * range.bucketDays);

export function toWireRange(range: ReportRange): TrendRange {
  return {
    date_option: range.option,
    start_date: range.start,
    end_date: range.end,
    granularity: range.granularity,
    bucket_days: range.bucketDays,
    time_zone: range.timeZone,
    buckets: Array.from({ length: range.bucketCount }, (_, i) => bucketStart(range, i)),
  };
}
