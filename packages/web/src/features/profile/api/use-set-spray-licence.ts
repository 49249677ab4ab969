import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSprayLicence } from '../../../api/users';
import { userKeys } from '../../../api/queries/users';

/** Saves the user's spray licence number; the user's data (which carries it) is read again. */
export function useSetSprayLicence(userId: number, companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licence: string | null) => setSprayLicence(userId, licence),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.data(userId, companyId) }),
  });
}
