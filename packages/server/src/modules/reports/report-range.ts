import {
  DEFAULT_WEEKS_AGO,
  MAX_DAY_BUCKET_RANGE,
  MAX_POINTS_PER_SERIES,
  reportsMessages as msg,
  type DateOption,
  type Granularity,
  type TrendRange,
} from '@verdant/contract';
import { badRequest } from '../../lib/errors.js';

/**
 * The zone whose midnight starts a report day. Companies have no time zone setting yet, so every report
 * counts in UTC (docs/decisions.md, "Trend reports"); the SQL takes the zone as a parameter, so a company
 * setting only has to be passed here.
 */
export const REPORT_TIME_ZONE = 'UTC';

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
  whenAbsent?: { option: DateOption; start: string; end: string };
  /** Cumulative trends refuse weeks_ago 0 (spec: a falsy value is rejected). */
  weeksAgoAtLeastOne?: boolean;
}

/** The days a report covers (both included) and how its days are bucketed. */
export interface ReportRange {
  option: DateOption;
  start: string;
  end: string;
  granularity: Granularity;
  /** The first bucket's first day: `start`, or the Monday on or before it for weekly buckets. */
  origin: string;
  bucketDays: number;
  bucketCount: number;
  timeZone: string;
}

const DAY_MS = 86_400_000;
const toDays = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDays = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: string, n: number) => fromDays(toDays(date) + n);
export const daysBetween = (from: string, to: string) => toDays(to) - toDays(from);
/** The Monday on or before `date` (weeks start on Monday). */
export const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

/** Today's date in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** weeks_ago N: from the Monday N weeks before this week's through this week's Sunday. */
export function weeksAgoRange(weeksAgo: number, today: string) {
  const monday = mondayOf(today);
  return { start: addDays(monday, -7 * weeksAgo), end: addDays(monday, 6) };
}

function pickDays(input: DateOptionInput, rules: RangeRules, today: string): { option: DateOption; start: string; end: string } {
  if (input.date_option === undefined && rules.whenAbsent) return rules.whenAbsent;
  const option = rules.options.find((o) => o === input.date_option);
  if (!option) throw badRequest(msg.invalidDateOption, 'date_option');
  if (option === 'weeks_ago') {
    if (input.weeks_ago === undefined) throw badRequest(msg.weeksAgoRequired, 'weeks_ago');
    if (rules.weeksAgoAtLeastOne && input.weeks_ago === 0) throw badRequest(msg.cumulativeWeeksAgo, 'weeks_ago');
    return { option, ...weeksAgoRange(input.weeks_ago, today) };
  }
  if (!input.start_date) throw badRequest(msg.startDateRequired, 'start_date');
  if (!input.end_date) throw badRequest(msg.endDateRequired, 'end_date');
  if (input.end_date < input.start_date) throw badRequest(msg.dateOrder, 'end_date');
  return { option, start: input.start_date, end: input.end_date };
}

/**
 * Resolves a report's date option into its days and buckets: days for ranges up to 31 days, else
 * Monday-start weeks (or `granularity`), coarsened to whole weeks until a series has at most
 * MAX_POINTS_PER_SERIES points.
 */
export function resolveRange(input: DateOptionInput, rules: RangeRules, timeZone = REPORT_TIME_ZONE, now = new Date()): ReportRange {
  const { option, start, end } = pickDays(input, rules, todayIn(timeZone, now));
  const days = daysBetween(start, end) + 1;
  let granularity: Granularity = input.granularity ?? (days <= MAX_DAY_BUCKET_RANGE ? 'day' : 'week');
  if (granularity === 'day' && days > MAX_POINTS_PER_SERIES) granularity = 'week';
  const origin = granularity === 'day' ? start : mondayOf(start);
  const span = daysBetween(origin, end) + 1;
  const bucketDays = granularity === 'day' ? 1 : 7 * Math.ceil(span / 7 / MAX_POINTS_PER_SERIES);
  return { option, start, end, granularity, origin, bucketDays, bucketCount: Math.ceil(span / bucketDays), timeZone };
}

/** Default days for reports whose date option may be left out: this week and the 3 before it. */
export function defaultWeeks(timeZone = REPORT_TIME_ZONE, now = new Date()) {
  return { option: 'weeks_ago' as const, ...weeksAgoRange(DEFAULT_WEEKS_AGO, todayIn(timeZone, now)) };
}

export const bucketStart = (range: ReportRange, index: number) => addDays(range.origin, index * range.bucketDays);

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
