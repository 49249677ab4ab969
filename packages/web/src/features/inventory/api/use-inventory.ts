import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getBatches, getBatchesByRoom } from '../../../api/batches';
import { loadRoomGridsBoxes } from '../../../api/rooms';
import { applyTrayTemplate, createTray, createTrayTemplate, deleteTray, deleteTrayTemplate, getAllTrays, getTrayTemplates, updateTray } from '../../../api/trays';

export const inventoryKeys = {
  all: (companyId: number) => ['inventory', companyId] as const,
  batches: (companyId: number) => [...inventoryKeys.all(companyId), 'batches'] as const,
  rooms: (companyId: number) => [...inventoryKeys.all(companyId), 'rooms'] as const,
  roomBatches: (companyId: number, roomId: number) => [...inventoryKeys.all(companyId), 'room-batches', roomId] as const,
  trays: (companyId: number) => [...inventoryKeys.all(companyId), 'trays'] as const,
  templates: (companyId: number) => [...inventoryKeys.all(companyId), 'templates'] as const,
};

export const batchesQuery = (companyId: number) => queryOptions({ queryKey: inventoryKeys.batches(companyId), queryFn: () => getBatches(companyId) });
export const roomsQuery = (companyId: number) =>
  queryOptions({ queryKey: inventoryKeys.rooms(companyId), queryFn: async () => (await loadRoomGridsBoxes(companyId)).rooms, networkMode: 'always' });
export const roomBatchesQuery = (companyId: number, roomId: number) =>
  queryOptions({ queryKey: inventoryKeys.roomBatches(companyId, roomId), queryFn: async () => (await getBatchesByRoom(roomId)) ?? [] });
export const traysQuery = (companyId: number) => queryOptions({ queryKey: inventoryKeys.trays(companyId), queryFn: () => getAllTrays(companyId) });
export const templatesQuery = (companyId: number) => queryOptions({ queryKey: inventoryKeys.templates(companyId), queryFn: () => getTrayTemplates(companyId) });

function useInvalidate(companyId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: inventoryKeys.all(companyId) });
}

export interface TrayInput {
  trayId?: number;
  trayName: string;
  numberOfPlants: number;
  batchId: number | null;
}

export function useSaveTray(companyId: number, userId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (i: TrayInput) =>
      i.trayId
        ? updateTray({ trayId: i.trayId, companyId, trayName: i.trayName, numberOfPlants: i.numberOfPlants, batchId: i.batchId })
        : createTray({ trayName: i.trayName, companyId, userId, numberOfPlants: i.numberOfPlants, batchId: i.batchId }),
    onSuccess: invalidate,
  });
}

export function useDeleteTray(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({ mutationFn: (trayId: number) => deleteTray(trayId, companyId), onSuccess: invalidate });
}

export function useCreateTemplate(companyId: number, userId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (i: { templateName: string; numberOfPlants: number; description: string; defaultBatchId: number | null }) =>
      createTrayTemplate({ ...i, companyId, userId }),
    onSuccess: invalidate,
  });
}

export function useUseTemplate(companyId: number, userId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (i: { templateId: number; trayName: string; batchId: number | null }) => applyTrayTemplate({ ...i, companyId, userId }),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({ mutationFn: (templateId: number) => deleteTrayTemplate(templateId, companyId), onSuccess: invalidate });
}
