import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteNotification } from '../../../api/automations';
import { automationKeys } from '../../../api/queries/automations';

/** Deletes a notification (its creator or an Admin); the list refetches, the delivery log keeps its rows. */
export function useDeleteNotification(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) => deleteNotification(notificationId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.notifications(companyId) }),
  });
}
