import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  inviteConsultant,
  revokeConsultant,
  updateConsultantRooms,
  type InviteConsultantInput,
  type RevokeConsultantInput,
  type UpdateConsultantRoomsInput,
} from '../../../api/consultants';
import { consultantKeys } from '../../../api/queries/consultants';
import { companyKeys } from '../../../api/queries/company';
import { userKeys } from '../../../api/queries/users';

/** The consultants screen's three writes; each refreshes the list, and the company page's invitations and users. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (companyId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: consultantKeys.all(companyId) }),
      queryClient.invalidateQueries({ queryKey: companyKeys.invitations(companyId) }),
      queryClient.invalidateQueries({ queryKey: userKeys.all(companyId) }),
    ]);
}

export function useInviteConsultant() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: InviteConsultantInput) => inviteConsultant(input),
    onSuccess: (_data, input) => refresh(Number(input.company_id)),
  });
}

export function useUpdateConsultantRooms() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: UpdateConsultantRoomsInput) => updateConsultantRooms(input),
    onSuccess: (_data, input) => refresh(Number(input.company_id)),
  });
}

export function useRevokeConsultant() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: RevokeConsultantInput) => revokeConsultant(input),
    onSuccess: (_data, input) => refresh(Number(input.company_id)),
  });
}
