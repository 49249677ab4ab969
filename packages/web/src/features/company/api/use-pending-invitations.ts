import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPendingInvitations } from '../../../api/invitations';
import { companyKeys } from './company-keys';

export const pendingInvitationsQuery = (companyId: number) =>
  queryOptions({ queryKey: companyKeys.invitations(companyId), queryFn: () => getPendingInvitations(companyId) });

export function usePendingInvitations(companyId: number | null, enabled: boolean) {
  return useQuery({ ...pendingInvitationsQuery(companyId ?? 0), enabled: enabled && Boolean(companyId) });
}
