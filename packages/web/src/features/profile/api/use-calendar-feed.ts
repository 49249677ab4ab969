import { useMutation, useQueryClient } from '@tanstack/react-query';
import { regenerateCalendarFeed, revokeCalendarFeed } from '../../../api/calendar-feed';
import { calendarFeedKeys } from '../../../api/queries/calendar-feed';

/** A new address (or the first); the answer is written into the cache, so the new address shows at once. */
export function useRegenerateCalendarFeed(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateCalendarFeed(companyId),
    onSuccess: (answer) => qc.setQueryData(calendarFeedKeys.own(companyId), answer.feed),
  });
}

export function useRevokeCalendarFeed(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => revokeCalendarFeed(companyId),
    onSuccess: (answer) => qc.setQueryData(calendarFeedKeys.own(companyId), answer.feed),
  });
}
