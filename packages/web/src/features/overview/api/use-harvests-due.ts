import { useQuery } from '@tanstack/react-query';
import { FINISHED_BATCH_STATUSES } from '@verdant/contract';
import { batchStatusesQuery } from '../../../api/queries/batches';
import { cropAvailabilityQuery } from '../../../api/queries/overview';
import { todayIso } from '../../../lib/calendar-days';
import { harvestsDue, type HarvestsDue } from '../lib/harvests';
import type { CardQuery } from '../components/overview-card';

const finished = new Set<string>(FINISHED_BATCH_STATUSES);

/**
 * Harvests due this week and next: the crop availability report over every status a growing batch can
 * have (the built-in ones and the company's own), read once the company's statuses are known.
 */
export function useHarvestsDue(companyId: number): CardQuery<HarvestsDue> {
  const statuses = useQuery({
    ...batchStatusesQuery(companyId),
    enabled: companyId > 0,
    select: (s) => [...s.builtIn, ...s.custom.map((c) => c.status_name)].filter((n) => !finished.has(n)),
  });
  const report = useQuery({
    ...cropAvailabilityQuery(companyId, statuses.data ?? []),
    enabled: companyId > 0 && Boolean(statuses.data?.length),
    select: (answer) => harvestsDue(answer.weeks, todayIso()),
  });
  if (statuses.isError) return { data: undefined, isPending: false, isError: true, error: statuses.error, refetch: statuses.refetch };
  return report;
}
