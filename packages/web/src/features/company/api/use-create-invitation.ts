import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createInvitation, type CreateInvitationInput } from '../../../api/invitations';
import { companyKeys } from '../../../api/queries/company';

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) => createInvitation(input),
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: companyKeys.invitations(Number(input.company_id)) }),
  });
}
