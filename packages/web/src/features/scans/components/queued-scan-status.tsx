import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueuedScan } from '../../../api/scan-queue';
import { Alert, Badge } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** Where a queued scan is: waiting to send, on its way, sent, or refused (with the server's reason). */
export function QueuedScanBadge({ state }: { state: QueuedScan['state'] }) {
  const { t } = useTranslation('scans');
  const tone = state === 'refused' ? 'danger' : state === 'sent' ? 'success' : state === 'sending' ? 'info' : 'warning';
  return <Badge tone={tone}>{t(`queue.${state}`)}</Badge>;
}

/** The queued scan's state as the scan-now screen says it under the phone's result. */
export function QueuedScanStatus({ scan }: { scan: QueuedScan | undefined }) {
  const { t } = useTranslation('scans');
  const state = scan?.state ?? 'waiting';
  if (state === 'sent') {
    return (
      <Alert tone="success" title={t('queue.sent')}>
        {t('queue.sentHelp')}{' '}
        <Link className="font-medium underline" to={paths.scanHistory}>
          {t('history.title')}
        </Link>
      </Alert>
    );
  }
  if (state === 'refused') {
    return (
      <Alert tone="danger" title={t('queue.refused')}>
        {t('queue.refusedHelp', { reason: scan?.reason ?? '' })}{' '}
        <Link className="font-medium underline" to={paths.outbox}>
          {t('queue.outbox')}
        </Link>
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title={state === 'sending' ? t('queue.sending') : t('queue.waiting')}>
      {t('queue.waitingHelp')}
    </Alert>
  );
}
