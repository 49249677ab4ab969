import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScanDetection, ScanRegion } from '@verdant/contract';
import { addScanDetection, correctScanDetection, type DetectionCorrection } from '../../../api/scans';
import { scanKeys } from '../../../api/queries/scans';
import { invalidateProblems } from '../../../api/queries/problems';
import { useToast } from '../../../components/ui';

/** After a correction: every scan screen and the problem marks and counts refresh (a correction can file or remove an observation). */
function useRefresh(companyId: number, onSaved: (d: ScanDetection) => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return {
    onSuccess: (res: { message: string; detection: ScanDetection }) => {
      onSaved(res.detection);
      toast.success(res.message);
      void queryClient.invalidateQueries({ queryKey: scanKeys.all(companyId) });
      void invalidateProblems(queryClient, companyId);
    },
    onError: (err: unknown) => toast.danger(err instanceof Error ? err.message : String(err)),
  };
}

/** POST /correct_scan_detection: a count, a share of the leaf, regions, a problem. */
export function useCorrectDetection(companyId: number, detectionId: number, onSaved: (d: ScanDetection) => void) {
  return useMutation({
    mutationFn: (correction: DetectionCorrection) => correctScanDetection(companyId, detectionId, correction),
    ...useRefresh(companyId, onSaved),
  });
}

/** POST /add_scan_detection: a problem the engine missed, with the region drawn. */
export function useAddDetection(companyId: number, onSaved: (d: ScanDetection) => void) {
  return useMutation({
    mutationFn: (v: { scanImageId: number; problemId: number; regions: ScanRegion[] }) => addScanDetection(companyId, v.scanImageId, v.problemId, v.regions),
    ...useRefresh(companyId, onSaved),
  });
}
