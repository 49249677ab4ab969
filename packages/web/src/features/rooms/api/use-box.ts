import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubGridbox } from '@verdant/contract';
import { keepLocalBox, updateCullingStatus, updateGridBoxName } from '../../../api/grid-boxes';
import { createSubGridboxes, deleteSubGridbox, type getSubGridboxes, type CreateSubGridboxesInput } from '../../../api/sub-gridboxes';
import { submitGridTemplate } from '../../../api/grid-templates';
import { movePlant, type MovePlantInput } from '../../../api/movement';
import { withoutSubGridbox, type SubGridboxList } from '../lib/sub-gridbox-list';
import { roomKeys } from '../../../api/queries/rooms';
import { patchBoxInCaches } from './use-rooms';

export function useRenameBox(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boxId, name }: { boxId: number; name: string }) => updateGridBoxName(boxId, name),
    onSuccess: (box) => {
      patchBoxInCaches(queryClient, companyId, { id: box.id, GridID: box.GridID, CustomName: box.CustomName });
      void keepLocalBox({ id: box.id, CustomName: box.CustomName });
      void queryClient.invalidateQueries({ queryKey: roomKeys.boxHistory(companyId, box.id) });
    },
  });
}

export function useCullBox(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boxId, culled }: { boxId: number; culled: boolean }) => updateCullingStatus(boxId, userId, culled),
    onSuccess: (box) => {
      patchBoxInCaches(queryClient, companyId, { id: box.id, GridID: box.GridID, culled: box.culled });
      void keepLocalBox({ id: box.id, culled: box.culled });
      void queryClient.invalidateQueries({ queryKey: roomKeys.boxHistory(companyId, box.id) });
    },
  });
}

type SubList = Awaited<ReturnType<typeof getSubGridboxes>>;

export function useCreateSubBoxes(companyId: number, boxId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<CreateSubGridboxesInput, 'parentGridboxId'> & { templateId?: number }): Promise<{ created_count: number }> =>
      input.templateId
        ? submitGridTemplate({
            templateId: input.templateId,
            companyId,
            userId: input.userId!,
            parentGridboxId: boxId,
            autoInitializePlants: input.autoInitializePlants,
          })
        : createSubGridboxes({ ...input, parentGridboxId: boxId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.subBoxes(companyId, boxId) }),
  });
}

export function useDeleteSubBox(companyId: number, boxId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subId: number) => deleteSubGridbox(subId),
    onSuccess: (_res, subId) =>
      queryClient.setQueryData<SubList>(roomKeys.subBoxes(companyId, boxId), (old) =>
        old ? withoutSubGridbox<SubList & SubGridboxList>(old, subId) : old,
      ),
  });
}

export function useMovePlant(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MovePlantInput) => movePlant(input),
    onSuccess: (res) => {
      const touched = [res.movement.from_gridbox_id, res.movement.to_gridbox_id, res.sub_gridbox.ParentGridboxID];
      for (const id of touched) {
        if (!id) continue;
        void queryClient.invalidateQueries({ queryKey: roomKeys.subBoxes(companyId, id) });
        void queryClient.invalidateQueries({ queryKey: roomKeys.boxHistory(companyId, id) });
      }
    },
  });
}

export type { SubGridbox };
