import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assignStatusToBatches,
  createCustomBatchStatus,
  deleteBatch,
  deleteCustomBatchStatus,
  getBatchQrLabels,
  getBatchQrUrl,
  getBatches,
  getBatchesByRoom,
  getCustomBatchStatuses,
  sendCreateBatch,
  sendUpdateBatch,
  type BatchFields,
} from '../../../api/batches';
import { ApiError } from '../../../api/api-error';
import { loadRoomGridsBoxes } from '../../../api/rooms';
import { batchKeys } from './batch-keys';

export const batchesQuery = (companyId: number) =>
  queryOptions({ queryKey: batchKeys.lists(companyId), queryFn: () => getBatches(companyId) });

/** Ids of the batches now in a room, for the room filter. */
export const batchesByRoomQuery = (companyId: number, roomId: number) =>
  queryOptions({
    queryKey: batchKeys.byRoom(companyId, roomId),
    queryFn: async () => {
      const batches = await getBatchesByRoom(roomId);
      if (!batches) throw new ApiError('Failed to fetch batches');
      return batches.map((b) => b.BatchID);
    },
  });

export const statusesQuery = (companyId: number) =>
  queryOptions({ queryKey: batchKeys.statuses(companyId), queryFn: () => getCustomBatchStatuses(companyId), staleTime: 60_000 });

/** The company's rooms with grids and boxes (the room pickers and filters). */
export const companyRoomsQuery = (companyId: number) =>
  queryOptions({
    queryKey: batchKeys.rooms(companyId),
    queryFn: async () => (await loadRoomGridsBoxes(companyId)).rooms,
    networkMode: 'always',
    staleTime: 60_000,
  });

export const qrQuery = (companyId: number, batchId: number) =>
  queryOptions({ queryKey: batchKeys.qr(companyId, batchId), queryFn: () => getBatchQrUrl(batchId, companyId, 256), staleTime: Infinity });

export const labelsQuery = (companyId: number, ids: readonly number[]) =>
  queryOptions({ queryKey: batchKeys.labels(companyId, ids), queryFn: () => getBatchQrLabels(companyId, ids) });

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
