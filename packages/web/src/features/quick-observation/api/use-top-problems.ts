import { useQuery } from '@tanstack/react-query';
import { OBSERVATIONS_MAX_LIMIT } from '@verdant/contract';
import { recentObservationsQuery } from '../../../api/queries/observations';
import { windowStart } from '../lib/quick-form';

/**
 * The company's newest observations (GET /get_problem_observations, at most 200) of the last 30 days, from
 * which the most-seen problems are counted. The read names no date, so offline the copy the device keeps
 * (filled by api/offline-prefetch-fill.ts) answers on any day; the 30 days are counted here.
 */
export function useRecentObservations(companyId: number) {
  return useQuery({
    ...recentObservationsQuery(companyId, OBSERVATIONS_MAX_LIMIT),
    enabled: companyId > 0,
    select: (answer) => {
      const since = windowStart(new Date());
      return answer.observations.filter((o) => o.ObservedAt.slice(0, 10) >= since);
    },
  });
}
