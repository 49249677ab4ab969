import { queryOptions } from '@tanstack/react-query';
import { OBSERVATIONS_MAX_LIMIT, reportsEndpoints, reportsMessages } from '@verdant/contract';
import { withFallback } from '../api-error';
import { callEndpoint } from '../call-endpoint';
import { offlineRead } from '../offline-read';
import type { ObservationFilters } from '../observations';

/**
 * Reads of the overview (the morning screen) that no other screen shares. The rest is shared: its open
 * problems are the observations list's own query (`observationsQuery` with `OPEN_PROBLEMS`), so resolving a
 * problem anywhere refreshes the overview too; harvests come from `cropAvailabilityQuery` (crop-reports.ts)
 * and the pinned reports from `dashboardReportsQuery` (saved-reports.ts).
 */
export const overviewKeys = {
  all: (companyId: number) => ['overview', companyId] as const,
  /** get_problem_trends without dates: this week and the three before it, per problem. */
  trends: (companyId: number) => [...overviewKeys.all(companyId), 'problem-trends'] as const,
};

/** The open observations the overview ranks rooms and problems from: the newest page the server gives. */
export const OPEN_PROBLEMS: ObservationFilters = { status: 'open', limit: OBSERVATIONS_MAX_LIMIT, offset: 0 };

/** Suspected problems (unreviewed scan and camera detections, issue 18): the overview counts them apart, from `total_count`. */
export const SUSPECTED_PROBLEMS: ObservationFilters = { status: 'suspected', limit: 1, offset: 0 };

/**
 * GET /get_problem_trends in Monday weeks (four points per problem, not 28 days); rejects with the server's
 * text, or with the spec's 'Failed to fetch problem trends'.
 */
function getProblemTrends(companyId: number) {
  return withFallback(reportsMessages.problemTrendsFailed, () =>
    callEndpoint(reportsEndpoints.getProblemTrends, { company_id: companyId, granularity: 'week' }),
  );
}

export const problemTrendsQuery = (companyId: number) =>
  queryOptions({
    queryKey: overviewKeys.trends(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getProblemTrends(companyId)),
    networkMode: 'always',
    staleTime: 60_000,
  });
