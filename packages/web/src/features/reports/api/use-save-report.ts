import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveReport, type SaveReportInput } from '../../../api/saved-reports';
import { savedReportKeys } from '../../../api/queries/saved-reports';

/**
 * Saves a drawn report. The key is made once per save dialog (`key`), so a retry after a lost answer
 * is the same save on the server, never a second report.
 */
export function useSaveReport(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: SaveReportInput; key: string }) => saveReport(input, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedReportKeys.all(companyId) }),
  });
}
