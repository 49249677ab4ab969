import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyTrayTemplate, createTray, createTrayTemplate, deleteTray, deleteTrayTemplate, updateTray } from '../../../api/trays';
import { cropReportKeys } from '../../../api/queries/crop-reports';
import { trayKeys } from '../../../api/queries/trays';

/** Trays and their templates refetch, and the crop reports that count trays with their batches. */
function useInvalidate(companyId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trayKeys.all(companyId) }),
      qc.invalidateQueries({ queryKey: cropReportKeys.all(companyId) }),
    ]);
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
