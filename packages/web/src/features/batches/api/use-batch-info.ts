import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  harvestBatch,
  linkGridBatch,
  linkRoomBatch,
  moveBatchPlants,
  sendLinkGridboxBatch,
  sendUpdateBatch,
  type HarvestInput,
} from '../../../api/batches';
import { createBatchProblem, resolveBatchProblem, type NewBatchProblem } from '../../../api/batch-problems';
import { linkPlantsToBatch } from '../../../api/plants';
import { batchKeys } from '../../../api/queries/batches';

/** A change to one batch: its own reads and every list of batches (by room too) refetch. */
function useInvalidate(companyId: number, _batchId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: batchKeys.all(companyId) });
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
