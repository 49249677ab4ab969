import { z } from 'zod';
import { CalendarDate, Id, Int4 } from '../common/fields.js';
import { ListField, absentIfBlank } from '../common/list-field.js';
import { INDICATORS } from '../crop_registration/crop-registration.schemas.js';

/** How a report picks its days (spec-2 §4, §9). The reports screen starts on `date_range`. */
export const DATE_OPTIONS = ['weeks_ago', 'date_range', 'batch_related_date'] as const;
export type DateOption = (typeof DATE_OPTIONS)[number];
export const DEFAULT_DATE_OPTION: DateOption = 'date_range';
export const DEFAULT_CHART_TYPE = 'LineChart';

/** The trend reports this domain answers; saved reports name one of them as `report_type`. */
export const TREND_REPORT_KINDS = [
  'problem_trends',
  'trends',
  'cumulative',
  'specific',
  'severity',
  'single_problem',
  'treatment_effectiveness',
  'field_responses',
  'gutter',
  'crop_balance',
] as const;
export type TrendReportKind = (typeof TREND_REPORT_KINDS)[number];

/** Most buckets one series holds: a longer range is drawn in coarser buckets (a week, then several weeks). */
export const MAX_POINTS_PER_SERIES = 2000;
/** `weeks_ago` reaches back at most this many weeks (20 years). */
export const MAX_WEEKS_AGO = 1040;
export const MAX_REPORT_ROOMS = 500;
export const MAX_REPORT_PROBLEMS = 100;
/** Without a date option, a report covers this week and the 3 before it (`weeks_ago` = 3). */
export const DEFAULT_WEEKS_AGO = 3;

/**
 * The date option fields as they travel (query). Which of them are needed depends on `date_option`,
 * so the service checks them and answers the spec's messages (reports.messages.ts).
 * - weeks_ago N: from the Monday N weeks before this week's Monday through this week's Sunday (0 = this week).
 * - date_range / batch_related_date: start_date..end_date, both days included.
 */
export const DateOptionQuery = {
  date_option: absentIfBlank(z.string().trim().max(40, { error: 'must be at most 40 characters' })),
  weeks_ago: absentIfBlank(Int4(0).max(MAX_WEEKS_AGO, { error: `must be at most ${MAX_WEEKS_AGO}` })),
  start_date: absentIfBlank(CalendarDate),
  end_date: absentIfBlank(CalendarDate),
  /** Day or Monday-start week buckets; without it, days for a range of up to 31 days, else weeks. */
  granularity: absentIfBlank(z.enum(['day', 'week'], { error: 'must be day or week' })),
};
/** Ranges up to this many days are drawn by day unless `granularity` says otherwise. */
export const MAX_DAY_BUCKET_RANGE = 31;

export const RoomIdList = ListField(Id, { max: MAX_REPORT_ROOMS, what: 'room ids' });
export const ProblemList = ListField(
  z.string().trim().min(1).max(200, { error: 'must be at most 200 characters' }),
  { max: MAX_REPORT_PROBLEMS, what: 'plant problems' },
);

/** One bucket of a series: `bucket` is the bucket's first day (YYYY-MM-DD, company days). */
export const TrendPoint = z.object({ bucket: z.string(), value: z.number() });
export type TrendPoint = z.infer<typeof TrendPoint>;

/**
 * One line (or bar group) of a chart. `points` is dense: one point per bucket of `range.buckets`,
 * 0 where nothing was seen, so a chart draws it as it is.
 */
export const TrendSeries = z.object({ key: z.string(), label: z.string(), total: z.number(), points: z.array(TrendPoint) });
export type TrendSeries = z.infer<typeof TrendSeries>;

export const GRANULARITIES = ['day', 'week'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The days a report covers, as resolved by the server, and its buckets. */
export const TrendRange = z.object({
  date_option: z.enum(DATE_OPTIONS),
  /** First and last day covered, both included. */
  start_date: z.string(),
  end_date: z.string(),
  /** Days are bucketed by day, or by Monday-start week (`bucket_days` 7, or a multiple when the range is long). */
  granularity: z.enum(GRANULARITIES),
  bucket_days: z.number(),
  /** The zone whose midnight starts a day (the company's; UTC while companies have none). */
  time_zone: z.string(),
  buckets: z.array(z.string()),
});
export type TrendRange = z.infer<typeof TrendRange>;

/** Severity per bucket: `value` is the mean severity of the observations that had one (null: none). */
export const SeverityPoint = z.object({
  bucket: z.string(),
  value: z.number().nullable(),
  max: z.number().nullable(),
  count: z.number(),
});
export const SeveritySeries = z.object({
  key: z.string(),
  label: z.string(),
  total: z.number(),
  average: z.number().nullable(),
  points: z.array(SeverityPoint),
});
export type SeveritySeries = z.infer<typeof SeveritySeries>;

/** One gutter (a grid) of the rooms asked about: its series, and its count per problem asked about. */
export const GutterSeries = TrendSeries.extend({
  grid_id: z.number(),
  room_id: z.number().nullable(),
  room_name: z.string().nullable(),
  by_problem: z.array(z.object({ problem: z.string(), count: z.number() })),
});
export type GutterSeries = z.infer<typeof GutterSeries>;

/**
 * Treatment effectiveness of one product: pressure (observations per treated box) on the boxes it was
 * applied to, in the weeks before and after each application (`week` -N..-1 before, 0 the week of
 * application, 1..N after).
 */
export const TreatmentEffect = z.object({
  product_id: z.number(),
  product_name: z.string(),
  applications: z.number(),
  treated_boxes: z.number(),
  weeks: z.array(z.object({ week: z.number(), value: z.number() })),
  before_average: z.number().nullable(),
  after_average: z.number().nullable(),
  /** (after − before) / before; null when there was no pressure before. */
  change: z.number().nullable(),
});
export type TreatmentEffect = z.infer<typeof TreatmentEffect>;
export const MAX_EFFECT_WEEKS = 8;
export const DEFAULT_EFFECT_WEEKS = 2;

export const ReportField = z.object({ FieldID: z.number(), FieldName: z.string(), FieldType: z.string() });

/** `batch_id` as gutter trends send it: a batch id, or the text 'NULL' for every batch. */
export const BatchIdOrNull = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || (typeof v === 'string' && v.trim().toUpperCase() === 'NULL') ? null : v),
  Id.nullable(),
);

/**
 * The crop balance report (issue 24): one crop indicator per room and Monday week, read from crop registration's
 * kept week sums (the indicators screen's own figures). At most this many weeks, as the indicators screen.
 */
export const MAX_CROP_BALANCE_WEEKS = 104;
/** What the crop balance report draws when no indicator is asked for. */
export const DEFAULT_CROP_BALANCE_INDICATOR = 'growth' as const;
export const CropBalanceIndicator = z.enum(INDICATORS, { error: `must be one of ${INDICATORS.join(', ')}` });

/**
 * One week of a room: the indicator's value (null when nothing it needs was registered that week, never 0), the
 * same week a year before (52 weeks) and how many sample plants were measured.
 */
export const CropBalancePoint = z.object({
  bucket: z.string(),
  value: z.number().nullable(),
  last_year: z.number().nullable(),
  plants_measured: z.number(),
});
/** One room's line: `key` is the room id, `label` its name; `average` over the weeks that have a value. */
export const CropBalanceSeries = z.object({
  key: z.string(),
  label: z.string(),
  room_id: z.number(),
  average: z.number().nullable(),
  points: z.array(CropBalancePoint),
});
export type CropBalanceSeries = z.infer<typeof CropBalanceSeries>;
