import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskStatus } from '@verdant/contract';
import { queueAction } from '../../../api/action-queue';
import { deleteTask, type UpdateTaskFieldsInput } from '../../../api/tasks';
import { findCachedTask, forgetTask, showTaskChange, taskKeys } from '../../../api/queries/tasks';
import { useAuth } from '../../../state/hooks';

/** Who a task goes to: a user of the company, or nobody. */
export interface Assignee {
  user_id: number;
  first_name: string;
  last_name: string;
}

export type TaskChange = { status: TaskStatus } | { assignee: Assignee | null } | { title: string; description: string };

/** The task as the user will see it once the change lands. */
export function taskAfter(task: Task, change: TaskChange): Task {
  const now = new Date().toISOString();
  if ('status' in change) return { ...task, status: change.status, updated_at: now };
  if ('assignee' in change) {
    const a = change.assignee;
    return { ...task, assignee: a, first_name: a?.first_name ?? null, last_name: a?.last_name ?? null, updated_at: now };
  }
  return { ...task, title: change.title, description: change.description, updated_at: now };
}

function fieldsOf(task: Task, change: TaskChange): UpdateTaskFieldsInput {
  if ('status' in change) return { response_id: task.response_id, status: change.status };
  if ('assignee' in change) {
    return change.assignee ? { response_id: task.response_id, assignee_id: change.assignee.user_id } : { response_id: task.response_id, unassign: 1 };
  }
  throw new Error('not a field change');
}

/**
 * Changes a task's status, assignee, or title and description through the outbox: sent at once when
 * online (in order, after anything older waiting), kept on this device otherwise. Every list shows the
 * change at once; a refusal puts the server's version back when the lists reload.
 */
export function useChangeTask(companyId: number) {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ task, change, label }: { task: Task; change: TaskChange; label: string }): Promise<{ task: Task; queued: boolean }> => {
      const meta = { companyId, userId: userId ?? 0, label };
      const seen = findCachedTask(queryClient, companyId, task.task_id) ?? task;
      const expected = taskAfter(seen, change);
      // Shown before the send: the board moves the card at once, whether the answer comes now or later.
      showTaskChange(queryClient, companyId, expected);
      try {
        const out =
          'title' in change
            ? await queueAction('updateTaskDescriptionTitle', { submission_id: task.response_id, title: change.title, description: change.description }, meta)
            : await queueAction('updateTaskFields', fieldsOf(task, change), meta);
        if (!out.queued && out.result) return { task: out.result.task, queued: false };
        return { task: expected, queued: out.queued };
      } catch (err) {
        showTaskChange(queryClient, companyId, seen);
        throw err;
      }
    },
    onSuccess: ({ task, queued }) => {
      showTaskChange(queryClient, companyId, task);
      if (!queued) void queryClient.invalidateQueries({ queryKey: taskKeys.lists(companyId) });
    },
  });
}

/** Deletes a task (its creator or an Admin); it leaves every list. */
export function useDeleteTask(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => deleteTask(taskId),
    onSuccess: (_res, taskId) => {
      forgetTask(queryClient, companyId, taskId);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists(companyId) });
    },
  });
}
