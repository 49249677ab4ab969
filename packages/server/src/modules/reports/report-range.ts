import {
  bucketDays,
  defaultReportDays,
  reportDays,
  reportsMessages as msg,
  todayIn,
  type DateOptionInput,
  type RangeRules,
  type ReportRange,
} from '@verdant/contract';
import { badRequest } from '../../lib/errors.js';

/**
 * The zone whose midnight starts a report day. Companies have no time zone setting yet, so every report
 * counts in UTC (docs/decisions.md, "Trend reports"); the SQL takes the zone as a parameter, so a company
 * setting only has to be passed here. The date rules themselves are the contract's (reports/report-range.ts).
 */
export const REPORT_TIME_ZONE = 'UTC';

/** Today's report day. */
export const reportToday = (timeZone = REPORT_TIME_ZONE, now = new Date()) => todayIn(timeZone, now);

/** Resolves a report's date parameters into its days and buckets; the first broken rule is a 400 naming its field. */
export function resolveRange(input: DateOptionInput, rules: RangeRules, timeZone = REPORT_TIME_ZONE, now = new Date()): ReportRange {
  const picked = reportDays(input, rules, reportToday(timeZone, now));
  if (!picked.ok) {
    const [first] = picked.issues;
    throw badRequest(msg[first!.error], first!.field);
  }
  return bucketDays(picked.days, input.granularity, timeZone);
}

/** Default days for reports whose date option may be left out: this week and the 3 before it. */
export const defaultWeeks = (timeZone = REPORT_TIME_ZONE, now = new Date()) => defaultReportDays(reportToday(timeZone, now));
