import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getAuditEvents, type AuditFilters } from '../audit';

export const auditKeys = {
  all: (companyId: number) => ['audit', companyId] as const,
  list: (companyId: number, filters: AuditFilters) => [...auditKeys.all(companyId), 'list', filters] as const,
};

export const auditEventsQuery = (companyId: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(companyId, filters),
    queryFn: () => getAuditEvents(companyId, filters),
    placeholderData: keepPreviousData,
  });
