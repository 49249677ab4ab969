import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Batch } from '@verdant/contract';
import {
  createCustomBatchStatus,
  deleteBatch,
  deleteCustomBatchStatus,
  sendCreateBatch,
  sendUpdateBatch,
  type BatchFields,
} from '../../../api/batches';
import { ApiError } from '../../../api/api-error';
import { queueAction } from '../../../api/action-queue';
import { useAuth } from '../../../state/hooks';
import { batchKeys } from '../../../api/queries/batches';

/** Every batch read of the company (the batches, inventory and forecasting screens share `batchKeys.lists`). */
function useInvalidateBatches(companyId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: batchKeys.all(companyId) });
}

/** A status change waiting in the outbox: the cached batch list shows it already. */
function showStatus(qc: QueryClient, companyId: number, ids: readonly number[], status: string) {
  qc.setQueryData<Batch[]>(batchKeys.lists(companyId), (list) => list?.map((b) => (ids.includes(b.BatchID) ? { ...b, BatchStatus: status } : b)));
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

/**
 * Gives batches one status through the outbox (offline it waits; the lists show the new status at once).
 * Answers the server's result, or, waiting, the change as asked with `queued: true`.
 */
export function useAssignStatus(companyId: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateBatches(companyId);
  const { userId } = useAuth();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ status, ids }: { status: string; ids: readonly number[] }): Promise<{ batch_status: string; changed: number; queued: boolean }> => {
      if (!ids.length) throw new ApiError('Select at least one batch.');
      // The status the user saw, when the selected batches shared one: a batch changed meanwhile is refused (409).
      const seen = new Set((qc.getQueryData<Batch[]>(batchKeys.lists(companyId)) ?? []).filter((b) => ids.includes(b.BatchID)).map((b) => b.BatchStatus));
      const expected = seen.size === 1 ? [...seen][0] : undefined;
      const out = await queueAction(
        'assignStatusToBatches',
        { company_id: companyId, batch_status: status, batch_ids: ids.join(','), ...(expected ? { expected_status: expected } : {}) },
        { companyId, userId: userId ?? 0, label: `${status} · ${ids.length}`, target: { type: 'batch', id: ids[0]! } },
      );
      if (!out.queued && out.result) return { batch_status: out.result.batch_status, changed: out.result.changed, queued: false };
      return { batch_status: status, changed: ids.length, queued: true };
    },
    onSuccess: (res, { ids }) => {
      // Waiting: a refetch now (offline, the local copy) would hide the change until it is sent.
      if (res.queued) showStatus(qc, companyId, ids, res.batch_status);
      else return invalidate();
    },
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
