import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Batch } from '@verdant/contract';
import { Alert, Button, ButtonLink, Dialog, ErrorState, LoadingState } from '../../../components/ui';
import { downloadBatchQr } from '../../../api/batches';
import { errorMessage } from '../../../api/api-error';
import { batchQrQuery } from '../../../api/queries/batches';
import { paths } from '../../../lib/paths';

/** The batch's QR code (256 px), where it leads, a PNG download and a printable label. */
export function BatchQrDialog({ batch, companyId, onClose }: { batch: Batch | null; companyId: number; onClose: () => void }) {
  const { t } = useTranslation('batches');
  const qr = useQuery({ ...batchQrQuery(companyId, batch?.BatchID ?? 0), enabled: Boolean(batch) });
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const download = async () => {
    if (!batch) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const blob = await downloadBatchQr(batch.BatchID, companyId);
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `batch-${batch.BatchNumber.replace(/[^\w.-]+/g, '_')}-qr.png`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      setDownloadError(errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog
      open={Boolean(batch)}
      onClose={onClose}
      title={t('qr.title', { number: batch?.BatchNumber ?? '' })}
      description={t('qr.description')}
      footer={
        <>
          <ButtonLink variant="secondary" to={paths.batchLabels([batch?.BatchID ?? ''])}>
            {t('qr.printLabel')}
          </ButtonLink>
          <Button onClick={() => void download()} loading={downloading} disabled={!qr.data}>
            {t('qr.download')}
          </Button>
        </>
      }
    >
      {qr.isPending ? (
        <LoadingState />
      ) : qr.isError ? (
        <ErrorState error={qr.error} onRetry={() => void qr.refetch()} />
      ) : qr.data ? (
        <div className="flex flex-col items-center gap-3">
          <img src={qr.data.url} width={256} height={256} alt={t('qr.alt', { number: batch?.BatchNumber ?? '' })} className="size-64 rounded-lg border border-stone-200" />
          <p className="break-all text-center text-xs text-stone-600" data-testid="qr-target">
            {qr.data.target_url}
          </p>
        </div>
      ) : null}
      {downloadError && (
        <Alert tone="danger" className="mt-3">
          {downloadError}
        </Alert>
      )}
    </Dialog>
  );
}
