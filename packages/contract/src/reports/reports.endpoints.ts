import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Flag01, Id, Int4 } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import {
  BatchIdOrNull,
  CropBalanceIndicator,
  CropBalanceSeries,
  DateOptionQuery,
  GutterSeries,
  MAX_EFFECT_WEEKS,
  ProblemList,
  ReportField,
  RoomIdList,
  SeveritySeries,
  TreatmentEffect,
  TrendRange,
  TrendSeries,
} from './reports.schemas.js';
import { CropTarget } from '../crop_registration/crop-registration.schemas.js';
import { reportsMessages as msg } from './reports.messages.js';

/** Every role reads trends: growers in the field look at the same figures as planners (docs/decisions.md). */
const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const tenancy = { company: ['company_id'], resource: true } as const;
const failure = { failure: msg.reportDataFailed };

const OptionalRooms = absentIfBlank(RoomIdList);
const EffectWeeks = absentIfBlank(Int4(0).max(MAX_EFFECT_WEEKS, { error: `must be at most ${MAX_EFFECT_WEEKS}` }));

/**
 * Trend reports. Each reads the problem observations (form, scan and batch-problem sources; dismissed
 * and suspected ones are not counted) in SQL, bucketed by day or Monday-start week; `range` says which.
 */
export const reportsEndpoints = {
  getProblemTrends: defineEndpoint({
    id: 'getProblemTrends', domain: 'reports', method: 'GET', path: '/get_problem_trends',
    summary: 'Observations per problem over time, whole company (without dates: this week and the 3 before it)',
    auth: anyone, tenancy,
    query: z.object({
      company_id: CompanyId,
      start_date: DateOptionQuery.start_date,
      end_date: DateOptionQuery.end_date,
      granularity: DateOptionQuery.granularity,
    }),
    /** `suspected`: unreviewed scan and camera detections per problem, counted apart from `trends` (issue 18). */
    response: success({ range: TrendRange, trends: z.array(TrendSeries), suspected: z.array(TrendSeries).optional() }),
    clientMessages: { failure: msg.problemTrendsFailed },
  }),
  getTrendsReportGraph: defineEndpoint({
    id: 'getTrendsReportGraph', domain: 'reports', method: 'GET', path: '/get_trends_report_graph',
    summary: 'Observations per problem over time in the rooms given (all rooms without room_ids), by date option',
    auth: anyone, tenancy,
    query: z.object({ company_id: CompanyId, room_ids: OptionalRooms, ...DateOptionQuery }),
    /** `suspected`: unreviewed scan and camera detections per problem, counted apart from `series` (issue 18). */
    response: success({ range: TrendRange, series: z.array(TrendSeries), suspected: z.array(TrendSeries).optional() }),
    clientMessages: failure,
  }),
  getTrendsCumulativeReportGraph: defineEndpoint({
    id: 'getTrendsCumulativeReportGraph', domain: 'reports', method: 'GET', path: '/get_trends_cumulative_report_graph',
    summary: 'Running total of observations per problem (weeks_ago ≥ 1 or date_range), in one room or all',
    auth: anyone, tenancy,
    query: z.object({ company_id: CompanyId, room_id: absentIfBlank(Id), ...DateOptionQuery }),
    response: success({ range: TrendRange, series: z.array(TrendSeries) }),
    clientMessages: failure,
  }),
  getSpecificTrends: defineEndpoint({
    id: 'getSpecificTrends', domain: 'reports', method: 'GET', path: '/get_specific_trends',
    summary:
      "Observations per problem of one batch, optionally from one form category or template (specificForm = TemplateID), only those with photos, in one room; without a date option the batch's own dates",
    auth: anyone, tenancy,
    query: z.object({
      company_id: CompanyId,
      batch_id: Id,
      form_category: absentIfBlank(z.string().trim().max(100, { error: 'must be at most 100 characters' })),
      specificForm: absentIfBlank(Id),
      include_images_only: absentIfBlank(Flag01),
      room_id: absentIfBlank(Id),
      ...DateOptionQuery,
    }),
    response: success({
      range: TrendRange,
      batch: z.object({ batch_id: z.number(), BatchNumber: z.string() }),
      series: z.array(TrendSeries),
    }),
    clientMessages: failure,
  }),
  getTrendsWithSeverity: defineEndpoint({
    id: 'getTrendsWithSeverity', domain: 'reports', method: 'GET', path: '/get_trends_with_severity',
    summary: 'Mean and highest severity per problem over time, optionally for one batch, some rooms, one problem',
    auth: anyone, tenancy,
    query: z.object({
      company_id: CompanyId,
      batch_id: absentIfBlank(Id),
      room_ids: OptionalRooms,
      problem: absentIfBlank(z.string().trim().max(200, { error: 'must be at most 200 characters' })),
      ...DateOptionQuery,
    }),
    response: success({ range: TrendRange, series: z.array(SeveritySeries) }),
    clientMessages: failure,
  }),
  getSingleProblemTrend: defineEndpoint({
    id: 'getSingleProblemTrend', domain: 'reports', method: 'GET', path: '/get_single_problem_trend',
    summary: 'Observations of one problem (case-insensitive name) over time, one series per room',
    auth: anyone, tenancy,
    query: z.object({
      company_id: CompanyId,
      problem: z.string().trim().min(1).max(200, { error: 'must be at most 200 characters' }),
      room_ids: OptionalRooms,
      ...DateOptionQuery,
    }),
    response: success({ range: TrendRange, problem: z.string(), series: z.array(TrendSeries) }),
    clientMessages: failure,
  }),
  getTreatmentEffectivenessReport: defineEndpoint({
    id: 'getTreatmentEffectivenessReport', domain: 'reports', method: 'GET', path: '/get_treatment_effectiveness_report',
    summary:
      'Per product: pressure on the treated boxes in the weeks before and after each application in the range (observations per treated box)',
    auth: anyone, tenancy,
    query: z.object({
      company_id: CompanyId,
      room_ids: OptionalRooms,
      weeks_before: EffectWeeks,
      weeks_after: EffectWeeks,
      ...DateOptionQuery,
    }),
    response: success({
      range: TrendRange,
      weeks_before: z.number(),
      weeks_after: z.number(),
      data: z.array(TreatmentEffect),
    }),
    clientMessages: failure,
  }),
  getFieldResponsesReport: defineEndpoint({
    id: 'getFieldResponsesReport', domain: 'reports', method: 'GET', path: '/get_field_responses_report',
    summary:
      "A form field's answers over time: number fields as average, total and count; other fields as one series per answer",
    auth: anyone, tenancy,
    query: z.object({
      company_id: CompanyId,
      FieldID: Id,
      room_id: absentIfBlank(Id),
      batchid: absentIfBlank(Id),
      ...DateOptionQuery,
    }),
    response: success({ range: TrendRange, field: ReportField, grouped_data: z.array(TrendSeries) }),
    clientMessages: failure,
  }),
  getGutterTrends: defineEndpoint({
    id: 'getGutterTrends', domain: 'reports', method: 'GET', path: '/get_gutter_trends',
    summary:
      "Observations of the problems given per gutter (grid) of the rooms given, over time; batch_id 'NULL' = every batch",
    auth: anyone, tenancy,
    query: z.object({
      company_id: CompanyId,
      batch_id: BatchIdOrNull.optional(),
      room_ids: RoomIdList,
      plant_problems: ProblemList,
      ...DateOptionQuery,
    }),
    response: success({ range: TrendRange, data: z.array(GutterSeries) }),
    clientMessages: failure,
  }),
  getCropBalanceReport: defineEndpoint({
    id: 'getCropBalanceReport', domain: 'reports', method: 'GET', path: '/get_crop_balance_report',
    summary:
      "One crop indicator (default growth) per room and Monday week, from crop registration's kept week sums, with last year's week and the crop's target; rooms of the crop only (all without room_ids); without a date option this week and the 3 before it, at most 104 weeks",
    auth: anyone, tenancy,
    query: z.object({
      company_id: CompanyId,
      crop_id: Id,
      room_ids: OptionalRooms,
      indicator: absentIfBlank(CropBalanceIndicator),
      date_option: DateOptionQuery.date_option,
      weeks_ago: DateOptionQuery.weeks_ago,
      start_date: DateOptionQuery.start_date,
      end_date: DateOptionQuery.end_date,
    }),
    response: success({
      /** Always weekly buckets (Mondays): the week sums are kept per week. */
      range: TrendRange,
      crop: z.object({ crop_id: z.number(), name: z.string() }),
      indicator: CropBalanceIndicator,
      unit: z.string(),
      formula: z.string(),
      /** The grower's target for the indicator, if one is set. */
      target: CropTarget.nullable(),
      series: z.array(CropBalanceSeries),
    }),
    clientMessages: failure,
  }),
};
