import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserRole, type UpdateUserRoleInput } from '../../../api/users';
import { userKeys } from '../../../api/queries/users';

/** Changes a colleague's role; every users query of the company is refetched. */
export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserRoleInput) => updateUserRole(input),
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: userKeys.all(Number(input.company_id)) }),
  });
}
