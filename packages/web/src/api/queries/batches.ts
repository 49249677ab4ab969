import { queryOptions } from '@tanstack/react-query';
import {
  getBatchDashboard,
  getBatchHistoryByRoom,
  getBatchQrInfo,
  getBatchQrLabels,
  getBatchQrUrl,
  getBatches,
  getBatchesByRoom,
  getCustomBatchStatuses,
  getBatchFormResponses,
  getRoomsByBatch,
} from '../batches';
import { getBatchProblems } from '../batch-problems';
import { getAllPlantsLinkedToBatch } from '../plants';
import { ApiError } from '../api-error';
import { offlineRead } from '../offline-read';

/**
 * Query keys of batches (TkDodo's factory). The batches, inventory and forecasting screens all read
 * `lists`, so any batch change (which invalidates `all`) refreshes all three.
 */
export const batchKeys = {
  all: (companyId: number) => ['batches', companyId] as const,
  lists: (companyId: number) => [...batchKeys.all(companyId), 'list'] as const,
  byRoom: (companyId: number, roomId: number) => [...batchKeys.all(companyId), 'by-room', roomId] as const,
  statuses: (companyId: number) => [...batchKeys.all(companyId), 'statuses'] as const,
  detail: (companyId: number, batchId: number) => [...batchKeys.all(companyId), 'detail', batchId] as const,
  batchRooms: (companyId: number, batchId: number) => [...batchKeys.detail(companyId, batchId), 'rooms'] as const,
  plants: (companyId: number, batchId: number) => [...batchKeys.detail(companyId, batchId), 'plants'] as const,
  problems: (companyId: number, batchId: number, includeResolved: boolean) =>
    [...batchKeys.detail(companyId, batchId), 'problems', includeResolved] as const,
  dashboard: (companyId: number, batchId: number, from: string, to: string) =>
    [...batchKeys.detail(companyId, batchId), 'dashboard', from, to] as const,
  moves: (companyId: number, batchId: number, roomIds: readonly number[]) =>
    [...batchKeys.detail(companyId, batchId), 'moves', roomIds] as const,
  qr: (companyId: number, batchId: number) => [...batchKeys.detail(companyId, batchId), 'qr'] as const,
  formResponses: (companyId: number, batchId: number) => [...batchKeys.detail(companyId, batchId), 'form-responses'] as const,
  labels: (companyId: number, ids: readonly number[]) => [...batchKeys.all(companyId), 'labels', ids] as const,
};

/** GET /get_batches: the company's batches, for the batches, inventory and forecasting screens. */
export const batchesQuery = (companyId: number) =>
  queryOptions({
    queryKey: batchKeys.lists(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getBatches(companyId)),
    networkMode: 'always',
  });

/** The batches now in a room. */
export const roomBatchesQuery = (companyId: number, roomId: number) =>
  queryOptions({
    queryKey: batchKeys.byRoom(companyId, roomId),
    queryFn: async ({ queryKey }) => {
      const batches = await offlineRead(companyId, queryKey, () => getBatchesByRoom(roomId), { failed: (b) => !b });
      if (!batches) throw new ApiError('Failed to fetch batches');
      return batches;
    },
    networkMode: 'always',
  });

const idsOf = (batches: ReadonlyArray<{ BatchID: number }>) => batches.map((b) => b.BatchID);

/** Ids of the batches now in a room, for the room filter (the same cache entry as `roomBatchesQuery`). */
export const batchIdsByRoomQuery = (companyId: number, roomId: number) =>
  queryOptions({ ...roomBatchesQuery(companyId, roomId), select: idsOf });

export const batchStatusesQuery = (companyId: number) =>
  queryOptions({
    queryKey: batchKeys.statuses(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getCustomBatchStatuses(companyId)),
    networkMode: 'always',
    staleTime: 60_000,
  });

export const batchDetailQuery = (companyId: number, batchId: number) =>
  queryOptions({
    queryKey: batchKeys.detail(companyId, batchId),
    queryFn: async ({ queryKey }) => {
      const info = await offlineRead(companyId, queryKey, () => getBatchQrInfo(batchId, companyId));
      if (!info) throw new ApiError('Required parameter(s) missing.');
      return info;
    },
    networkMode: 'always',
    retry: false,
  });

export const batchRoomsQuery = (companyId: number, batchId: number) =>
  queryOptions({
    queryKey: batchKeys.batchRooms(companyId, batchId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getRoomsByBatch(batchId)),
    networkMode: 'always',
  });

export const batchPlantsQuery = (companyId: number, batchId: number) =>
  queryOptions({
    queryKey: batchKeys.plants(companyId, batchId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getAllPlantsLinkedToBatch(batchId, true)),
    networkMode: 'always',
  });

export const batchProblemsQuery = (companyId: number, batchId: number, includeResolved: boolean) =>
  queryOptions({
    queryKey: batchKeys.problems(companyId, batchId, includeResolved),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getBatchProblems(companyId, { batchId, includeResolved })),
    networkMode: 'always',
  });

/** The batch's form responses (about it, or made in its boxes), each with its photos: the timeline shows them. */
export const batchFormResponsesQuery = (companyId: number, batchId: number) =>
  queryOptions({
    queryKey: batchKeys.formResponses(companyId, batchId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getBatchFormResponses(batchId)),
    networkMode: 'always',
  });

export const batchDashboardQuery = (companyId: number, batchId: number, from: string, to: string) =>
  queryOptions({
    queryKey: batchKeys.dashboard(companyId, batchId, from, to),
    queryFn: ({ queryKey }) =>
      offlineRead(companyId, queryKey, () => getBatchDashboard(companyId, batchId, from || undefined, to || undefined)),
    networkMode: 'always',
  });

/** The batch's moves, read from the history of the rooms it is in now. */
export const batchMovesQuery = (companyId: number, batchId: number, roomIds: readonly number[]) =>
  queryOptions({
    queryKey: batchKeys.moves(companyId, batchId, roomIds),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => batchMoves(batchId, roomIds)),
    networkMode: 'always',
  });

async function batchMoves(batchId: number, roomIds: readonly number[]) {
  return batchMovesOf(batchId, await Promise.all(roomIds.map((id) => getBatchHistoryByRoom(id))));
}

type RoomHistory = Awaited<ReturnType<typeof getBatchHistoryByRoom>>;

/** A batch's moves out of the histories of the rooms it is in (also the offline fill's, from its bulk answer). */
export function batchMovesOf(batchId: number, histories: readonly RoomHistory[]) {
  const seen = new Set<string>();
  return histories
    .flat()
    .filter((h) => h.batch.BatchID === batchId)
    .flatMap((h) => h.moves)
    .filter((m) => {
      const key = `${m.moved_at}-${m.old_room_id}-${m.new_room_id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export const batchQrQuery = (companyId: number, batchId: number) =>
  queryOptions({ queryKey: batchKeys.qr(companyId, batchId), queryFn: () => getBatchQrUrl(batchId, companyId, 256), staleTime: Infinity });

export const batchLabelsQuery = (companyId: number, ids: readonly number[]) =>
  queryOptions({ queryKey: batchKeys.labels(companyId, ids), queryFn: () => getBatchQrLabels(companyId, ids) });
