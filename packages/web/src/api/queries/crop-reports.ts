import { queryOptions } from '@tanstack/react-query';
import { FINISHED_BATCH_STATUSES, type PlantCountGroup } from '@verdant/contract';
import { getCropAvailabilityReport, getCropStatusByVariety, getCropStatusReport, getPlantCountReport } from '../crop-reports';
import { offlineRead } from '../offline-read';
import { batchKeys } from './batches';

/** The built-in status of batches that can be sold: the inventory opens its reports on it. */
export const READY_STATUSES = ['Ready'];

const sorted = <T>(items: readonly T[]) => [...items].sort();

/**
 * Keys of the crop reports. They live under `batchKeys.all`: every batch change already invalidates
 * that, and these reports are sums over batches, so the inventory and forecasting screens refresh with
 * the batch list without each batch mutation naming them.
 */
export const cropReportKeys = {
  all: (companyId: number) => [...batchKeys.all(companyId), 'crop-reports'] as const,
  plantCount: (companyId: number, groupBy: PlantCountGroup, batchIds: readonly number[], roomIds: readonly number[]) =>
    [...cropReportKeys.all(companyId), 'plant-count', groupBy, sorted(batchIds), sorted(roomIds)] as const,
  availability: (companyId: number, statuses: readonly string[]) => [...cropReportKeys.all(companyId), 'availability', sorted(statuses)] as const,
  status: (companyId: number, statuses: readonly string[], roomIds: readonly number[]) =>
    [...cropReportKeys.all(companyId), 'status', sorted(statuses), sorted(roomIds)] as const,
  byVariety: (companyId: number, strainNames: readonly string[], statuses: readonly string[]) =>
    [...cropReportKeys.all(companyId), 'by-variety', strainNames, sorted(statuses)] as const,
};

/** GET /get_plant_count_report: the inventory's stock by crop, room or status. */
export const plantCountQuery = (companyId: number, groupBy: PlantCountGroup, filters: { batchIds?: readonly number[]; roomIds?: readonly number[] } = {}) =>
  queryOptions({
    queryKey: cropReportKeys.plantCount(companyId, groupBy, filters.batchIds ?? [], filters.roomIds ?? []),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getPlantCountReport(companyId, groupBy, filters)),
    networkMode: 'always',
  });

/** GET /crop_availability_report for the given statuses (Ready for what can be sold, open ones for the forecast). */
export const cropAvailabilityQuery = (companyId: number, statuses: readonly string[]) =>
  queryOptions({
    queryKey: cropReportKeys.availability(companyId, statuses),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCropAvailabilityReport(companyId, statuses)),
    networkMode: 'always',
  });

/** What can be sold now: unharvested batches in the built-in Ready status, by variety. */
export const readyToSellQuery = (companyId: number) => cropAvailabilityQuery(companyId, READY_STATUSES);

export const cropStatusQuery = (companyId: number, statuses: readonly string[], roomIds: readonly number[] = []) =>
  queryOptions({
    queryKey: cropReportKeys.status(companyId, statuses, roomIds),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCropStatusReport(companyId, statuses, roomIds)),
    networkMode: 'always',
  });

export const cropStatusByVarietyQuery = (companyId: number, strainNames: readonly string[], statuses: readonly string[] = []) =>
  queryOptions({
    queryKey: cropReportKeys.byVariety(companyId, strainNames, statuses),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCropStatusByVariety(companyId, strainNames, statuses)),
    networkMode: 'always',
  });

/**
 * The statuses whose batches will still be harvested — every status of the company (built-in and its
 * own, from `batchStatusesQuery`) but the finished ones: what a harvest forecast asks availability for.
 */
export function openBatchStatuses(statuses: { builtIn: readonly string[]; custom: ReadonlyArray<{ status_name: string }> }): string[] {
  const finished = new Set<string>(FINISHED_BATCH_STATUSES);
  return [...statuses.builtIn, ...statuses.custom.map((s) => s.status_name)].filter((s) => !finished.has(s));
}
