import { useQuery } from '@tanstack/react-query';
import { dashboardReportsQuery } from '../../../api/queries/saved-reports';

/** The reports pinned to the dashboard, in slot order. */
export function usePinnedReports(companyId: number) {
  return useQuery({ ...dashboardReportsQuery(companyId), enabled: companyId > 0 });
}
