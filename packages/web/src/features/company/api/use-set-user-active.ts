import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setUserActive, type SetUserActiveInput } from '../../../api/users';
import { userKeys } from '../../../api/queries/users';

/** Deactivates (their sessions end on the server) or reactivates a colleague. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetUserActiveInput) => setUserActive(input),
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: userKeys.all(Number(input.company_id)) }),
  });
}
