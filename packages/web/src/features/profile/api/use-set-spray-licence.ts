import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSprayLicence } from '../../../api/users';

/**
 * Saves the user's spray licence number. No read returns it (the user list does not carry it), so the number the
 * server kept is held under this key for the rest of the session, to show what is on record now.
 */
export const sprayLicenceKey = (userId: number) => ['users', userId, 'spray-licence'] as const;

export function useSetSprayLicence(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licence: string | null) => setSprayLicence(userId, licence),
    onSuccess: (kept) => queryClient.setQueryData(sprayLicenceKey(userId), kept),
  });
}
