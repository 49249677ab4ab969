import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { utcDate } from '@verdant/contract';
import { exportScanExamples } from '../../../api/scans';
import { Alert, Button, Card } from '../../../components/ui';
import { saveBlob } from '@/lib/save-blob';

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/**
 * The labelled examples as a zip (Admins): the reviewed photos and a COCO file. The server streams it
 * without knowing its length beforehand, so progress is what has arrived so far (and a share when it is known).
 */
export function ScanExport({ companyId }: { companyId: number }) {
  const { t } = useTranslation('scans');
  const [progress, setProgress] = useState<{ received: number; total: number | null } | null>(null);
  const run = useMutation({
    mutationFn: () => exportScanExamples(companyId, (received, total) => setProgress({ received, total })),
    onSuccess: (zip) => saveBlob(zip, `verdant-labelled-examples-${utcDate()}.zip`),
  });
  const percent = progress?.total ? Math.round((progress.received / progress.total) * 100) : null;
  return (
    <Card className="space-y-3 p-4" data-testid="scan-export">
      <h2 className="text-lg font-semibold text-stone-900">{t('export.title')}</h2>
      <p className="text-sm text-stone-600">{t('export.help')}</p>
      <Button onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? t('export.running') : t('export.start')}
      </Button>
      {run.isPending && progress && (
        <div role="status" aria-live="polite" className="space-y-1" data-testid="export-progress">
          <progress className="w-full" max={100} value={percent ?? undefined} aria-label={t('export.progressLabel')} />
          <p className="text-sm text-stone-700">
            {percent !== null ? t('export.progressOf', { received: mb(progress.received), percent }) : t('export.progress', { received: mb(progress.received) })}
          </p>
        </div>
      )}
      {run.isSuccess && <Alert tone="success">{t('export.done', { size: mb(run.data.size) })}</Alert>}
      {run.isError && (
        <Alert tone="danger" title={t('export.failed')} action={<Button size="sm" variant="secondary" onClick={() => run.mutate()}>{t('export.retry')}</Button>}>
          {run.error instanceof Error ? run.error.message : String(run.error)}
        </Alert>
      )}
    </Card>
  );
}
