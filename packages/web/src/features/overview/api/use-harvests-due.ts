import { useQuery } from '@tanstack/react-query';
import { deviceToday } from '@verdant/contract';
import { batchStatusesQuery } from '../../../api/queries/batches';
import { cropAvailabilityQuery, openBatchStatuses } from '../../../api/queries/crop-reports';
import { harvestsDue, type HarvestsDue } from '../lib/harvests';
import type { CardQuery } from '../components/overview-card';

/**
 * Harvests due this week and next: the crop availability report over every status a growing batch can
 * have (the built-in ones and the company's own), read once the company's statuses are known.
 */
export function useHarvestsDue(companyId: number): CardQuery<HarvestsDue> {
  const statuses = useQuery({ ...batchStatusesQuery(companyId), enabled: companyId > 0, select: openBatchStatuses });
  const report = useQuery({
    ...cropAvailabilityQuery(companyId, statuses.data ?? []),
    enabled: companyId > 0 && Boolean(statuses.data?.length),
    select: (answer) => harvestsDue(answer.weeks, deviceToday()),
  });
  if (statuses.isError) return { data: undefined, isPending: false, isError: true, error: statuses.error, refetch: statuses.refetch };
  return report;
}
