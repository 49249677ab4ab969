import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OBSERVATIONS_MAX_LIMIT } from '@verdant/contract';
import { observationsQuery } from '../../../api/queries/observations';
import { windowStart } from '../lib/quick-form';

/**
 * The last 30 days' observations of the company (the newest 200: GET /get_problem_observations, the
 * observations screen's read), from which the most-seen problems are counted.
 */
export function useRecentObservations(companyId: number) {
  const start = useMemo(() => windowStart(new Date()), []);
  return useQuery({
    ...observationsQuery(companyId, { start_date: start, limit: OBSERVATIONS_MAX_LIMIT, offset: 0 }),
    enabled: companyId > 0,
    staleTime: 5 * 60_000,
    select: (answer) => answer.observations,
  });
}
