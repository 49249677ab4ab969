import { queryOptions } from '@tanstack/react-query';
import { getGridScanDetails, getRoomScanDetails } from '../../../api/scouting';
import { roomKeys } from './room-keys';

/** The client functions answer null on failure (spec-1 §8); a null becomes an error state here. */
async function orThrow<T>(run: () => Promise<T | null>): Promise<T> {
  const res = await run();
  if (!res) throw new Error('scan details unavailable');
  return res;
}

export const scanDetailsQuery = (companyId: number, kind: 'room' | 'grid', id: number) =>
  queryOptions({
    queryKey: roomKeys.scanDetails(companyId, kind, id),
    queryFn: () => orThrow<ScanDetails>(() => (kind === 'room' ? getRoomScanDetails(id) : getGridScanDetails(id))),
    staleTime: 0,
    retry: false,
  });

export type ScanDetails = NonNullable<Awaited<ReturnType<typeof getRoomScanDetails>>> | NonNullable<Awaited<ReturnType<typeof getGridScanDetails>>>;
