import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryChannel } from '@verdant/contract';
import { retryNotificationDelivery, sendTestNotification } from '../../../api/automations';
import { automationKeys } from '../../../api/queries/automations';

/** Sends a test through one channel of a notification now; the log shows it afterwards. */
export function useSendTest(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationId, channel }: { notificationId: number; channel?: DeliveryChannel }) =>
      sendTestNotification(companyId, notificationId, channel),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.deliveriesAll(companyId) }),
  });
}

/** Queues a dead delivery again (Admins); the log and the dead counts on the list refetch. */
export function useRetryDelivery(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => retryNotificationDelivery(companyId, deliveryId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: automationKeys.deliveriesAll(companyId) }),
        queryClient.invalidateQueries({ queryKey: automationKeys.notifications(companyId) }),
      ]),
  });
}
