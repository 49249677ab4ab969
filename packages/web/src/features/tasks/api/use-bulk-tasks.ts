import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkUpdateTasks, undoBulkChange } from '../../../api/bulk';
import { taskKeys } from '../../../api/queries/tasks';

export type BulkTaskAction = { action: 'assign'; assigneeId: number } | { action: 'close' };

/** Assigns or closes the chosen tasks in one change (all or nothing); every task list reloads. */
export function useBulkTasks(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskIds, change }: { taskIds: number[]; change: BulkTaskAction }) =>
      bulkUpdateTasks(
        change.action === 'assign'
          ? { company_id: companyId, task_ids: taskIds, action: 'assign', assignee_id: change.assigneeId }
          : { company_id: companyId, task_ids: taskIds, action: 'close' },
        crypto.randomUUID(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists(companyId) }),
  });
}

/** Undoes a bulk change of tasks; refused (naming the task) when one changed since. */
export function useUndoBulkTasks(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) => undoBulkChange({ company_id: companyId, change_id: changeId }, crypto.randomUUID()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists(companyId) }),
  });
}
