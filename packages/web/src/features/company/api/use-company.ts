import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadCompanyById } from '../../../api/company';
import { companyKeys } from './company-keys';

export const companyQuery = (companyId: number) =>
  queryOptions({ queryKey: companyKeys.detail(companyId), queryFn: () => loadCompanyById(companyId) });

export function useCompany(companyId: number | null) {
  return useQuery({ ...companyQuery(companyId ?? 0), enabled: Boolean(companyId) });
}
