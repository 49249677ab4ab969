import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateLocation, updateThreshold } from '../../../api/users';
import { userKeys } from '../../../api/queries/users';

export function useUpdateLocation(userId: number, companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (location: string) => updateLocation(userId, location),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.data(userId, companyId) }),
  });
}

/** Writes the threshold back; failures are logged by the API function and reported as `false`. */
export function useUpdateThreshold(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) => updateThreshold(userId, threshold),
    onSuccess: (saved, threshold) => {
      if (saved) queryClient.setQueryData(userKeys.threshold(userId), threshold);
    },
  });
}
