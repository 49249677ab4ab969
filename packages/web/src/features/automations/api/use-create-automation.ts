import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createNotification, createTaskNotification, createTemplateNotification } from '../../../api/automations';
import { automationKeys } from '../../../api/queries/automations';
import type { DraftRequest } from '../lib/automation-draft';

function send(request: DraftRequest) {
  switch (request.kind) {
    case 'task':
      return createTaskNotification(request.input);
    case 'template':
      return createTemplateNotification(request.input);
    default:
      return createNotification(request.input);
  }
}

/** Creates an automation, a task notification or a form reminder; the company's list is refetched. */
export function useCreateAutomation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.notifications(companyId) }),
  });
}
