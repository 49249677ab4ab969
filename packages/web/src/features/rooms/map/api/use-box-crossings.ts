import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoxThresholdCrossing } from '@verdant/contract';
import { getThresholdCrossingsForBoxes } from '../../../../api/thresholds';
import { offlineRead } from '../../../../api/offline-read';
import { roomKeys } from '../../../../api/queries/rooms';

/** The key a crossing is chosen by among the dialog's targets (problems are chosen by their lower-case name). */
export const crossingKey = (c: Pick<BoxThresholdCrossing, 'crossing_id'>) => `crossing:${c.crossing_id}`;

/** The crossing ids among chosen target keys. */
export const chosenCrossingIds = (keys: readonly string[]) =>
  keys.flatMap((k) => (k.startsWith('crossing:') ? [Number(k.slice('crossing:'.length))] : [])).filter((id) => Number.isSafeInteger(id) && id > 0);

/** The most crossings offered: a room rarely runs more than a few at once. */
const CROSSINGS_SHOWN = 20;

const boxCrossingsQuery = (companyId: number, boxIds: readonly number[]) =>
  queryOptions({
    queryKey: [...roomKeys.all(companyId), 'threshold-crossings', ...boxIds] as const,
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getThresholdCrossingsForBoxes(companyId, boxIds, CROSSINGS_SHOWN)),
    networkMode: 'always',
    staleTime: 30_000,
  });

/**
 * The threshold crossings running in the rooms of the chosen boxes (one read), offline from the copy kept for the
 * same grids. A crossing is its room's and a grid lies in one room, so one box per grid is asked (a sweep of
 * thousands of boxes stays a short address); each crossing's `grid_box_ids` is widened back to the chosen boxes of
 * those grids. Pending while read; a failed read leaves them out (`failed`), the problems still offered.
 */
export function useBoxCrossings(companyId: number, boxes: ReadonlyArray<{ id: number; GridID: number }>) {
  const byGrid = new Map<number, number[]>();
  for (const b of boxes) if (b.id > 0) byGrid.set(b.GridID, [...(byGrid.get(b.GridID) ?? []), b.id]);
  const gridOf = new Map<number, number>();
  for (const [gridId, ids] of byGrid) gridOf.set(Math.min(...ids), gridId);
  const asked = [...gridOf.keys()].sort((a, b) => a - b);
  const read = useQuery({ ...boxCrossingsQuery(companyId, asked), enabled: companyId > 0 && asked.length > 0 });
  const crossings: BoxThresholdCrossing[] = (read.data ?? []).map((c) => ({
    ...c,
    grid_box_ids: [...new Set(c.grid_box_ids.flatMap((id) => byGrid.get(gridOf.get(id) ?? -1) ?? []))].sort((a, b) => a - b),
  }));
  return { crossings, pending: read.isPending && asked.length > 0, failed: read.isError };
}
