import { cropReportsEndpoints as ep, cropReportsMessages as msg, type PlantCountGroup } from '@verdant/contract';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

/** Lists travel as JSON text: a status or variety name may hold a comma. */
const list = (items: readonly string[]) => JSON.stringify(items);
const ids = (items: readonly number[] | undefined) => (items && items.length ? items.join(',') : undefined);

/** GET /get_plant_count_report: plants, batches and trays by crop, room or status. */
export function getPlantCountReport(companyId: number, groupBy: PlantCountGroup, filters: { batchIds?: readonly number[]; roomIds?: readonly number[] } = {}) {
  return withFallback(msg.fetchFailed, () =>
    callEndpoint(ep.getPlantCountReport, { company_id: companyId, group_by: groupBy, batch_ids: ids(filters.batchIds), room_ids: ids(filters.roomIds) }),
  );
}

/** GET /crop_availability_report: unharvested batches in `statuses`, by variety and expected harvest week. */
export function getCropAvailabilityReport(companyId: number, statuses: readonly string[]) {
  return withFallback(msg.fetchFailed, () => callEndpoint(ep.cropAvailabilityReport, { company_id: companyId, batch_statuses: list(statuses) }));
}

/** GET /get_crop_status_report: the batches in `statuses` (optionally in `roomIds`) with totals per status. */
export function getCropStatusReport(companyId: number, statuses: readonly string[], roomIds?: readonly number[]) {
  return withFallback(msg.fetchFailed, () =>
    callEndpoint(ep.getCropStatusReport, { company_id: companyId, batch_statuses: list(statuses), room_ids: ids(roomIds) }),
  );
}

/** GET /get_crop_status_by_variety: per variety named, its batches and plants per status. */
export function getCropStatusByVariety(companyId: number, strainNames: readonly string[], statuses?: readonly string[]) {
  return withFallback(msg.fetchFailed, () =>
    callEndpoint(ep.getCropStatusByVariety, {
      company_id: companyId,
      strain_names: list(strainNames),
      batch_statuses: statuses && statuses.length ? list(statuses) : undefined,
    }),
  );
}
