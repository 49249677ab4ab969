import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskTemplate } from '@verdant/contract';
import { deleteTaskTemplate, submitTaskAutomation, type TaskAutomationInput } from '../../../api/tasks';
import { taskKeys } from '../../../api/queries/tasks';

/** Creates a recurring task (a task automation) or changes one (Admin). */
export function useSaveTaskTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<TaskAutomationInput, 'company_id'>) => submitTaskAutomation({ ...input, company_id: companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.templates(companyId) }),
  });
}

/** Deletes a task automation (Admin); the tasks it already made stay. */
export function useDeleteTaskTemplate(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTaskTemplate(id),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<TaskTemplate[]>(taskKeys.templates(companyId), (list) => list?.filter((t) => t.id !== id));
      void queryClient.invalidateQueries({ queryKey: taskKeys.templates(companyId) });
    },
  });
}
