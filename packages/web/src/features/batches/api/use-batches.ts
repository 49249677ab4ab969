import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assignStatusToBatches,
  createCustomBatchStatus,
  deleteBatch,
  deleteCustomBatchStatus,
  sendCreateBatch,
  sendUpdateBatch,
  type BatchFields,
} from '../../../api/batches';
import { ApiError } from '../../../api/api-error';
import { batchKeys } from '../../../api/queries/batches';

/** Every batch read of the company (the batches, inventory and forecasting screens share `batchKeys.lists`). */
function useInvalidateBatches(companyId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: batchKeys.all(companyId) });
}

export function useSaveBatch(companyId: number) {
  const invalidate = useInvalidateBatches(companyId);
  return useMutation({
    mutationFn: ({ batchId, fields }: { batchId?: number; fields: BatchFields }) =>
      batchId ? sendUpdateBatch(companyId, batchId, fields) : sendCreateBatch(companyId, fields),
    onSuccess: invalidate,
  });
}

export function useDeleteBatch(companyId: number) {
  const invalidate = useInvalidateBatches(companyId);
  return useMutation({
    mutationFn: async (batchId: number) => {
      const res = await deleteBatch(companyId, batchId);
      if (res.status === 'error') throw new ApiError(res.message, { fromServer: true });
      return res;
    },
    onSuccess: invalidate,
  });
}

export function useAssignStatus(companyId: number) {
  const invalidate = useInvalidateBatches(companyId);
  return useMutation({
    mutationFn: ({ status, ids }: { status: string; ids: readonly number[] }) => assignStatusToBatches(companyId, status, ids),
    onSuccess: invalidate,
  });
}

export function useCreateCustomStatus(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createCustomBatchStatus(companyId, name),
    onSuccess: () => qc.invalidateQueries({ queryKey: batchKeys.statuses(companyId) }),
  });
}

export function useDeleteCustomStatus(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteCustomBatchStatus(companyId, name),
    onSuccess: () => qc.invalidateQueries({ queryKey: batchKeys.statuses(companyId) }),
  });
}
