import { queryOptions } from '@tanstack/react-query';
import type { RoomThresholdLevel } from '@verdant/contract';
import { getActionThresholds, getRoomThresholdLevels } from '../thresholds';

/** Query keys of the company's action thresholds and the rooms over them (a threshold saved or deleted invalidates `all`). */
export const thresholdKeys = {
  all: (companyId: number) => ['thresholds', companyId] as const,
  list: (companyId: number) => [...thresholdKeys.all(companyId), 'list'] as const,
  roomLevels: (companyId: number) => [...thresholdKeys.all(companyId), 'room-levels'] as const,
};

export const thresholdsQuery = (companyId: number) =>
  queryOptions({
    queryKey: thresholdKeys.list(companyId),
    queryFn: () => getActionThresholds(companyId),
  });

const byRoom = (rooms: RoomThresholdLevel[]) => new Map(rooms.map((r) => [r.room_id, r]));

/**
 * The rooms over a threshold now, by room id, for the badges on the rooms list, the room map and the
 * overview (one cache entry for all three). New observations change it, so it is refreshed each minute.
 */
export const roomThresholdLevelsQuery = (companyId: number) =>
  queryOptions({
    queryKey: thresholdKeys.roomLevels(companyId),
    queryFn: () => getRoomThresholdLevels(companyId),
    select: byRoom,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
