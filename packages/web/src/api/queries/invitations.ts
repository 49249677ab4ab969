import { queryOptions } from '@tanstack/react-query';
import { getInvitationStatus } from '../invitations';

export const invitationKeys = {
  status: (inviteToken: string) => ['invitation-status', inviteToken] as const,
};

/** The state of an invitation link; read once per page (a used link does not become valid again). */
export const invitationStatusQuery = (inviteToken: string) =>
  queryOptions({
    queryKey: invitationKeys.status(inviteToken),
    queryFn: () => getInvitationStatus(inviteToken),
    staleTime: Infinity,
    retry: 1,
  });
