import { useQuery } from '@tanstack/react-query';
import { pendingInvitationsQuery } from '../../../api/queries/company';

export function usePendingInvitations(companyId: number | null, enabled: boolean) {
  return useQuery({ ...pendingInvitationsQuery(companyId ?? 0), enabled: enabled && Boolean(companyId) });
}
