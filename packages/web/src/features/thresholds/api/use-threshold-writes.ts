import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteActionThreshold, saveActionThreshold, type SaveThresholdInput } from '../../../api/thresholds';
import { thresholdKeys } from '../../../api/queries/thresholds';

/** Creates or changes a threshold (Admins); the list and the rooms' levels refetch. */
export function useSaveThreshold(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveThresholdInput) => saveActionThreshold(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: thresholdKeys.all(companyId) }),
  });
}

/** Deletes a threshold (Admins): it raises no more alerts and no room is badged for it. */
export function useDeleteThreshold(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (thresholdId: number) => deleteActionThreshold(companyId, thresholdId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: thresholdKeys.all(companyId) }),
  });
}
