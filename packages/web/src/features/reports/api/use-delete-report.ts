import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteReport } from '../../../api/saved-reports';
import { savedReportKeys } from '../../../api/queries/saved-reports';

/** Deletes a saved report; the list, its page and the overview's pinned reports refresh. */
export function useDeleteReport(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) => deleteReport(reportId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedReportKeys.all(companyId) }),
  });
}
