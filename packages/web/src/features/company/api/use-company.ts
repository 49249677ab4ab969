import { useQuery } from '@tanstack/react-query';
import { companyQuery } from '../../../api/queries/company';

export function useCompany(companyId: number | null) {
  return useQuery({ ...companyQuery(companyId ?? 0), enabled: Boolean(companyId) });
}
