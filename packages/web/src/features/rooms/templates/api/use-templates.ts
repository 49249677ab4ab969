import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GridTemplate, GridTemplateType } from '@verdant/contract';
import { createGridTemplate, deleteGridTemplate, submitGridTemplate, type NewGridTemplate } from '../../../../api/grid-templates';
import { roomKeys } from '../../../../api/queries/rooms';

/** Admin: save a Grid or SubGrid template; the list of its type refreshes. */
export function useCreateTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<NewGridTemplate, 'companyId'>) => createGridTemplate({ ...input, companyId }),
    onSuccess: (template) => queryClient.invalidateQueries({ queryKey: roomKeys.templates(companyId, template.template_type) }),
  });
}

/** Admin: delete a template; what was made from it stays. */
export function useDeleteTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: GridTemplate) => deleteGridTemplate(template.template_id, companyId),
    onSuccess: (_res, template) =>
      queryClient.setQueryData<GridTemplate[]>(roomKeys.templates(companyId, template.template_type as GridTemplateType), (old) =>
        old?.filter((x) => x.template_id !== template.template_id),
      ),
  });
}

/** Fills any grid box (chosen by the caller) with the sub-boxes of a SubGrid template. */
export function useFillBoxFromTemplate(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, boxId, autoInitializePlants }: { templateId: number; boxId: number; autoInitializePlants?: boolean }) =>
      submitGridTemplate({ templateId, companyId, userId, parentGridboxId: boxId, autoInitializePlants }),
    onSuccess: (_res, { boxId }) => queryClient.invalidateQueries({ queryKey: roomKeys.subBoxes(companyId, boxId) }),
  });
}
