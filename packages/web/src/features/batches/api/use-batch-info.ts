import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getBatchDashboard,
  getBatchHistoryByRoom,
  getBatchQrInfo,
  getRoomsByBatch,
  harvestBatch,
  linkGridBatch,
  linkRoomBatch,
  moveBatchPlants,
  sendLinkGridboxBatch,
  sendUpdateBatch,
  type HarvestInput,
} from '../../../api/batches';
import { createBatchProblem, getBatchProblems, resolveBatchProblem, type NewBatchProblem } from '../../../api/batch-problems';
import { getAllPlantsLinkedToBatch, linkPlantsToBatch } from '../../../api/plants';
import { ApiError } from '../../../api/api-error';
import { batchKeys } from './batch-keys';

export const batchDetailQuery = (companyId: number, batchId: number) =>
  queryOptions({
    queryKey: batchKeys.detail(companyId, batchId),
    queryFn: async () => {
      const info = await getBatchQrInfo(batchId, companyId);
      if (!info) throw new ApiError('Required parameter(s) missing.');
      return info;
    },
    retry: false,
  });

export const batchRoomsQuery = (companyId: number, batchId: number) =>
  queryOptions({ queryKey: batchKeys.batchRooms(companyId, batchId), queryFn: () => getRoomsByBatch(batchId) });

export const batchPlantsQuery = (companyId: number, batchId: number) =>
  queryOptions({ queryKey: batchKeys.plants(companyId, batchId), queryFn: () => getAllPlantsLinkedToBatch(batchId, true) });

export const batchProblemsQuery = (companyId: number, batchId: number, includeResolved: boolean) =>
  queryOptions({
    queryKey: batchKeys.problems(companyId, batchId, includeResolved),
    queryFn: () => getBatchProblems(companyId, { batchId, includeResolved }),
  });

export const batchDashboardQuery = (companyId: number, batchId: number, from: string, to: string) =>
  queryOptions({
    queryKey: batchKeys.dashboard(companyId, batchId, from, to),
    queryFn: () => getBatchDashboard(companyId, batchId, from || undefined, to || undefined),
  });

/** The batch's moves, read from the history of the rooms it is in now. */
export const batchMovesQuery = (companyId: number, batchId: number, roomIds: readonly number[]) =>
  queryOptions({
    queryKey: batchKeys.moves(companyId, batchId, roomIds),
    queryFn: async () => {
      const histories = await Promise.all(roomIds.map((id) => getBatchHistoryByRoom(id)));
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
    },
  });

function useInvalidate(companyId: number, batchId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: batchKeys.detail(companyId, batchId) }),
      qc.invalidateQueries({ queryKey: batchKeys.lists(companyId) }),
    ]);
}

export function useChangeStatus(companyId: number, batchId: number) {
  const invalidate = useInvalidate(companyId, batchId);
  return useMutation({ mutationFn: (status: string) => sendUpdateBatch(companyId, batchId, { BatchStatus: status }), onSuccess: invalidate });
}

export function useHarvest(companyId: number, batchId: number) {
  const invalidate = useInvalidate(companyId, batchId);
  return useMutation({ mutationFn: (i: Omit<HarvestInput, 'batchId' | 'companyId'>) => harvestBatch({ ...i, batchId, companyId }), onSuccess: invalidate });
}

export function useMoveBatch(companyId: number, batchId: number) {
  const invalidate = useInvalidate(companyId, batchId);
  return useMutation({ mutationFn: ({ from, to }: { from: number; to: number }) => moveBatchPlants(batchId, from, to), onSuccess: invalidate });
}

export type LinkTarget = { kind: 'room'; roomId: number } | { kind: 'grid'; gridId: number } | { kind: 'boxes'; boxIds: number[] };

export function useLinkBatch(companyId: number, batchId: number) {
  const invalidate = useInvalidate(companyId, batchId);
  return useMutation({
    mutationFn: async (target: LinkTarget): Promise<{ message: string }> => {
      if (target.kind === 'room') return linkRoomBatch(target.roomId, batchId);
      if (target.kind === 'grid') return linkGridBatch(target.gridId, batchId);
      return sendLinkGridboxBatch(batchId, target.boxIds);
    },
    onSuccess: invalidate,
  });
}

export function useLinkPlants(companyId: number, batchId: number, userId: number) {
  const invalidate = useInvalidate(companyId, batchId);
  return useMutation({ mutationFn: (uids: string[]) => linkPlantsToBatch(uids, batchId, userId), onSuccess: invalidate });
}

export function useCreateBatchProblem(companyId: number, batchId: number) {
  const invalidate = useInvalidate(companyId, batchId);
  return useMutation({ mutationFn: (p: NewBatchProblem) => createBatchProblem(p), onSuccess: invalidate });
}

export function useResolveBatchProblem(companyId: number, batchId: number, userId: number) {
  const invalidate = useInvalidate(companyId, batchId);
  return useMutation({ mutationFn: (problemType: string) => resolveBatchProblem(batchId, userId, { problemType }), onSuccess: invalidate });
}
