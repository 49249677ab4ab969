import { queryOptions } from '@tanstack/react-query';
import {
  cropReportsEndpoints,
  cropReportsMessages,
  OBSERVATIONS_MAX_LIMIT,
  reportsEndpoints,
  reportsMessages,
  savedReportsEndpoints,
} from '@verdant/contract';
import { withFallback } from '../api-error';
import { callEndpoint } from '../call-endpoint';
import { offlineRead } from '../offline-read';
import type { ObservationFilters } from '../observations';
import { batchKeys } from './batches';

/**
 * Reads of the overview (the morning screen) that no other screen shares. Its open problems are the
 * observations list's own query (`observationsQuery` with `OPEN_PROBLEMS`), so resolving a problem
 * anywhere refreshes the overview too.
 */
export const overviewKeys = {
  all: (companyId: number) => ['overview', companyId] as const,
  /** get_problem_trends without dates: this week and the three before it, per problem. */
  trends: (companyId: number) => [...overviewKeys.all(companyId), 'problem-trends'] as const,
  /** Under the batches' keys: any change to a batch (harvest, end date, status) refreshes the harvests due. */
  availability: (companyId: number, statuses: readonly string[]) => [...batchKeys.all(companyId), 'crop-availability', statuses] as const,
  pinned: (companyId: number) => [...overviewKeys.all(companyId), 'dashboard-reports'] as const,
};

/** The open observations the overview ranks rooms and problems from: the newest page the server gives. */
export const OPEN_PROBLEMS: ObservationFilters = { status: 'open', limit: OBSERVATIONS_MAX_LIMIT, offset: 0 };

/** GET /get_problem_trends: rejects with the server's text, or with the spec's 'Failed to fetch problem trends'. */
function getProblemTrends(companyId: number) {
  return withFallback(reportsMessages.problemTrendsFailed, () => callEndpoint(reportsEndpoints.getProblemTrends, { company_id: companyId }));
}

export const problemTrendsQuery = (companyId: number) =>
  queryOptions({
    queryKey: overviewKeys.trends(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getProblemTrends(companyId)),
    networkMode: 'always',
    staleTime: 60_000,
  });

/** GET /crop_availability_report: unharvested batches in these statuses, by expected harvest week. */
export const cropAvailabilityQuery = (companyId: number, statuses: readonly string[]) =>
  queryOptions({
    queryKey: overviewKeys.availability(companyId, statuses),
    queryFn: ({ queryKey }) =>
      offlineRead(companyId, queryKey, () =>
        withFallback(cropReportsMessages.fetchFailed, () =>
          callEndpoint(cropReportsEndpoints.cropAvailabilityReport, { company_id: companyId, batch_statuses: [...statuses] }),
        ),
      ),
    networkMode: 'always',
    staleTime: 60_000,
  });

/** GET /get_dashboard_reports: the pinned reports in slot order. */
export const dashboardReportsQuery = (companyId: number) =>
  queryOptions({
    queryKey: overviewKeys.pinned(companyId),
    queryFn: ({ queryKey }) =>
      offlineRead(companyId, queryKey, async () => (await callEndpoint(savedReportsEndpoints.getDashboardReports, { company_id: companyId })).reports),
    networkMode: 'always',
  });
