import { queryOptions } from '@tanstack/react-query';
import { getPlantHistoryDate } from '../grid-boxes';
import { getSubGridboxes } from '../sub-gridboxes';
import { getFieldResponsesByGridbox, getStickyTrapHistory } from '../gridbox-responses';
import { roomKeys } from './rooms';
import { isNotAvailableOffline, offlineRead } from '../offline-read';
import { isNetworkError } from '../../offline/network';

/** The box's latest responses shown in its panel. */
export const BOX_RESPONSES_SHOWN = 5;

export const boxHistoryQuery = (companyId: number, boxId: number) =>
  queryOptions({
    queryKey: roomKeys.boxHistory(companyId, boxId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getPlantHistoryDate(companyId, boxId)),
    networkMode: 'always',
    staleTime: 0,
  });

/**
 * A box's sub-boxes. With its grid (`gridId`), a device without signal and without the box's own copy reads
 * them out of the grid's copy the offline fill stored (api/offline-sub-boxes.ts).
 */
export const subBoxesQuery = (companyId: number, boxId: number, gridId?: number) =>
  queryOptions({
    queryKey: roomKeys.subBoxes(companyId, boxId),
    queryFn: async ({ queryKey }) => {
      try {
        return await offlineRead(companyId, queryKey, () => getSubGridboxes(boxId));
      } catch (err) {
        if (!gridId || !(isNotAvailableOffline(err) || isNetworkError(err))) throw err;
        const filled = await (await import('../offline-sub-boxes')).filledSubBoxes(companyId, gridId, boxId);
        if (!filled) throw err;
        return filled;
      }
    },
    networkMode: 'always',
    staleTime: 0,
  });

export const boxResponsesQuery = (companyId: number, boxId: number) =>
  queryOptions({
    queryKey: roomKeys.boxResponses(companyId, boxId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getFieldResponsesByGridbox(boxId, BOX_RESPONSES_SHOWN)),
    networkMode: 'always',
    staleTime: 0,
  });

export const stickyTrapHistoryQuery = (companyId: number, boxId: number, from: string, to: string) =>
  queryOptions({ queryKey: roomKeys.stickyTraps(companyId, boxId, from, to), queryFn: () => getStickyTrapHistory(boxId, from, to) });
