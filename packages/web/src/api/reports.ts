import {
  cropReportsEndpoints as crop,
  reportsEndpoints as trends,
  reportsMessages as msg,
  type EndpointConfig,
  type EndpointOutput,
  type EndpointRequest,
  type ReportTypeName,
} from '@verdant/contract';
import type { z } from 'zod';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

/** The call that draws each kind (its contract lists the parameters it reads). */
const CALLS = {
  problem_trends: trends.getProblemTrends,
  trends: trends.getTrendsReportGraph,
  cumulative: trends.getTrendsCumulativeReportGraph,
  specific: trends.getSpecificTrends,
  severity: trends.getTrendsWithSeverity,
  single_problem: trends.getSingleProblemTrend,
  treatment_effectiveness: trends.getTreatmentEffectivenessReport,
  field_responses: trends.getFieldResponsesReport,
  gutter: trends.getGutterTrends,
  crop_balance: trends.getCropBalanceReport,
  crop_status: crop.getCropStatusReport,
  plant_count: crop.getPlantCountReport,
  crop_availability: crop.cropAvailabilityReport,
  crop_status_by_variety: crop.getCropStatusByVariety,
} as const satisfies Record<ReportTypeName, EndpointConfig>;

/** The parsed query of each kind's call, as its contract's schema reads it (lists as lists, ids as numbers). */
type ReportQuery = { [K in ReportTypeName]: z.output<NonNullable<(typeof CALLS)[K]['query']>> }[ReportTypeName];
type KeysOfAny<U> = U extends unknown ? keyof U : never;
type ValueInAny<U, Key extends PropertyKey> = U extends unknown ? (Key extends keyof U ? U[Key] : never) : never;

/**
 * What a report is drawn with: the union of the report calls' parameters under their wire names, typed
 * from their contracts (the company travels apart). Each call takes the ones its contract lists
 * (`callEndpoint` sends no others).
 */
export type ReportParams = { [Key in Exclude<KeysOfAny<ReportQuery>, 'company_id'>]?: Exclude<ValueInAny<ReportQuery, Key>, undefined | null> };

export type ReportAnswer<K extends ReportTypeName> = EndpointOutput<(typeof CALLS)[K]>;
/** Any kind's answer, tagged with its kind so a reader can narrow it. */
export type AnyReportAnswer = { [K in ReportTypeName]: { kind: K; answer: ReportAnswer<K> } }[ReportTypeName];

/**
 * The query string as the spec sends it: ids comma-joined (room_ids); names as a JSON list, because a
 * problem or strain name may hold a comma; absent values left out.
 */
export function reportQuery(companyId: number, params: ReportParams): Record<string, string | number> {
  const out: Record<string, string | number> = { company_id: companyId };
  for (const [key, value] of Object.entries(params) as Array<[string, unknown]>) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      out[key] = value.every((v) => typeof v === 'number') ? value.join(',') : JSON.stringify(value);
    } else if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

/**
 * Runs one report (GET, its call's parameters). Rejects with the server's text, or with the spec's
 * 'Failed to fetch problem trends' (problem trends) / 'Failed to fetch Report Data' (the others).
 */
export async function runReport(kind: ReportTypeName, companyId: number, params: ReportParams): Promise<AnyReportAnswer> {
  const query = reportQuery(companyId, params);
  // The query holds the wire text of each parameter (lists joined as the spec sends them), not the
  // contract's parsed input types; the server parses it with the same schemas.
  const call = <E extends EndpointConfig>(endpoint: E) =>
    withFallback(kind === 'problem_trends' ? msg.problemTrendsFailed : msg.reportDataFailed, () =>
      callEndpoint(endpoint, query as EndpointRequest<E>),
    );
  switch (kind) {
    case 'problem_trends': return { kind, answer: await call(CALLS[kind]) };
    case 'trends': return { kind, answer: await call(CALLS[kind]) };
    case 'cumulative': return { kind, answer: await call(CALLS[kind]) };
    case 'specific': return { kind, answer: await call(CALLS[kind]) };
    case 'severity': return { kind, answer: await call(CALLS[kind]) };
    case 'single_problem': return { kind, answer: await call(CALLS[kind]) };
    case 'treatment_effectiveness': return { kind, answer: await call(CALLS[kind]) };
    case 'field_responses': return { kind, answer: await call(CALLS[kind]) };
    case 'gutter': return { kind, answer: await call(CALLS[kind]) };
    case 'crop_balance': return { kind, answer: await call(CALLS[kind]) };
    case 'crop_status': return { kind, answer: await call(CALLS[kind]) };
    case 'plant_count': return { kind, answer: await call(CALLS[kind]) };
    case 'crop_availability': return { kind, answer: await call(CALLS[kind]) };
    case 'crop_status_by_variety': return { kind, answer: await call(CALLS[kind]) };
  }
}
