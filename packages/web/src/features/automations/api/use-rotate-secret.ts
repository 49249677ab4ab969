import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rotateWebhookSecret } from '../../../api/automations';
import { automationKeys } from '../../../api/queries/automations';

/** Rotates a generic webhook's signing secret; the list refetches (it shows until when the old one still signs). */
export function useRotateSecret(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) => rotateWebhookSecret(companyId, notificationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.notifications(companyId) }),
  });
}
