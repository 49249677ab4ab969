import { queryOptions } from '@tanstack/react-query';
import { loadCompanyById } from '../company';
import { offlineRead } from '../offline-read';
import { getPendingInvitations } from '../invitations';

export const companyKeys = {
  all: (companyId: number) => ['company', companyId] as const,
  detail: (companyId: number) => [...companyKeys.all(companyId), 'detail'] as const,
  invitations: (companyId: number) => [...companyKeys.all(companyId), 'invitations'] as const,
};

export const companyQuery = (companyId: number) =>
  queryOptions({
    queryKey: companyKeys.detail(companyId),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => loadCompanyById(companyId)),
    networkMode: 'always',
  });

export const pendingInvitationsQuery = (companyId: number) =>
  queryOptions({ queryKey: companyKeys.invitations(companyId), queryFn: () => getPendingInvitations(companyId) });
