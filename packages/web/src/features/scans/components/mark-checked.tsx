import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScanStatus } from '@verdant/contract';
import { markScanChecked } from '../../../api/scans';
import { scanKeys } from '../../../api/queries/scans';
import { Button, useToast } from '../../../components/ui';

/**
 * For an uncertain scan: a person who looked by eye and saw no problem marks it checked (it becomes reviewed).
 * One who saw a problem adds it instead ("Add a missed problem"), which reviews the scan too.
 */
export function MarkChecked({ companyId, scanId, onChecked }: { companyId: number; scanId: number; onChecked?: (status: ScanStatus) => void }) {
  const { t } = useTranslation('scans');
  const toast = useToast();
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => markScanChecked(companyId, scanId),
    onSuccess: (res) => {
      toast.success(t('uncertain.checked'));
      onChecked?.(res.scan_status);
      void queryClient.invalidateQueries({ queryKey: scanKeys.all(companyId) });
    },
    onError: (err) => toast.danger(err instanceof Error ? err.message : String(err)),
  });
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="min-w-0 flex-1">{t('uncertain.checkHelp')}</p>
      <Button disabled={check.isPending} onClick={() => check.mutate()}>
        {t('uncertain.check')}
      </Button>
    </div>
  );
}
