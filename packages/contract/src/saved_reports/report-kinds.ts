import { z } from 'zod';
import type { EndpointConfig } from '../http/define-endpoint.js';
import type { FieldType } from '../forms/field-types.js';
import { DATE_OPTIONS, DEFAULT_CHART_TYPE, TREND_REPORT_KINDS, type DateOption } from '../reports/reports.schemas.js';
import { reportsEndpoints } from '../reports/reports.endpoints.js';
import { cropReportsEndpoints } from '../crop_reports/crop-reports.endpoints.js';

/** Recharts' names (LineChart is the default, spec-2 §4); a table is a chart type too, for reports read as numbers. */
export const CHART_TYPES = [DEFAULT_CHART_TYPE, 'BarChart', 'AreaChart', 'PieChart', 'Table'] as const;
export type ChartTypeName = (typeof CHART_TYPES)[number];

/** Spec-2 §9: the dashboard holds up to four saved reports (slots report_id1 … report_id4). */
export const DASHBOARD_SLOTS = [1, 2, 3, 4] as const;
export type DashboardSlot = (typeof DASHBOARD_SLOTS)[number];

export const CROP_REPORT_KINDS = ['crop_status', 'plant_count', 'crop_availability', 'crop_status_by_variety'] as const;

/** What a saved report's `report_type` may be: a trend report or a crop report. */
export const REPORT_TYPES = [...TREND_REPORT_KINDS, ...CROP_REPORT_KINDS] as const;
export type ReportTypeName = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportTypeName = 'trends';

/** The call that draws each kind. */
const REPORT_CALLS: Record<ReportTypeName, EndpointConfig> = {
  problem_trends: reportsEndpoints.getProblemTrends,
  trends: reportsEndpoints.getTrendsReportGraph,
  cumulative: reportsEndpoints.getTrendsCumulativeReportGraph,
  specific: reportsEndpoints.getSpecificTrends,
  severity: reportsEndpoints.getTrendsWithSeverity,
  single_problem: reportsEndpoints.getSingleProblemTrend,
  treatment_effectiveness: reportsEndpoints.getTreatmentEffectivenessReport,
  field_responses: reportsEndpoints.getFieldResponsesReport,
  gutter: reportsEndpoints.getGutterTrends,
  crop_balance: reportsEndpoints.getCropBalanceReport,
  crop_status: cropReportsEndpoints.getCropStatusReport,
  plant_count: cropReportsEndpoints.getPlantCountReport,
  crop_availability: cropReportsEndpoints.cropAvailabilityReport,
  crop_status_by_variety: cropReportsEndpoints.getCropStatusByVariety,
};

/**
 * The date options each kind takes (spec-2 §5): cumulative only weeks_ago and date_range; problem trends
 * a plain range; treatment effectiveness weeks around each application; the crop balance weeks (its days are read
 * as their Monday weeks); gutter and crop reports none.
 */
const KIND_DATE_OPTIONS: Record<ReportTypeName, readonly DateOption[]> = {
  problem_trends: ['date_range'],
  trends: DATE_OPTIONS,
  cumulative: ['weeks_ago', 'date_range'],
  specific: DATE_OPTIONS,
  severity: DATE_OPTIONS,
  single_problem: DATE_OPTIONS,
  treatment_effectiveness: [],
  field_responses: DATE_OPTIONS,
  gutter: [],
  crop_balance: ['weeks_ago', 'date_range'],
  crop_status: [],
  plant_count: [],
  crop_availability: [],
  crop_status_by_variety: [],
};

export interface ReportKindParameter {
  name: string;
  required: boolean;
}
export interface ReportKindDescription {
  report_type: ReportTypeName;
  method: string;
  path: string;
  date_options: readonly DateOption[];
  parameters: ReportKindParameter[];
}

/** Each report kind with its call and that call's parameters, read from the call's own definition. */
export function describeReportKinds(): ReportKindDescription[] {
  return REPORT_TYPES.map((kind) => {
    const call = REPORT_CALLS[kind];
    const shape = call.query?.shape ?? {};
    return {
      report_type: kind,
      method: call.method,
      path: call.path,
      date_options: KIND_DATE_OPTIONS[kind],
      parameters: Object.entries(shape).map(([name, schema]) => ({ name, required: !z.safeParse(schema, undefined).success })),
    };
  });
}

/** Field types whose answers a report can count or sum: numbers and fixed choices (field responses report). */
export const REPORTABLE_FIELD_TYPES = ['number', 'select', 'multi-select', 'checkbox', 'severity', 'sticky-trap-count'] as const satisfies readonly FieldType[];
