import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Dialog } from '../../../components/ui';
import { useFormatDate } from '../../../lib/format-date';

interface Props {
  secret: string;
  /** After a rotation: until when the replaced secret still signs (both signatures are sent meanwhile). */
  previousValidUntil?: string | null;
  onClose: () => void;
}

/**
 * A generic webhook's signing secret, shown this once (the server never answers it again), with a copy button
 * and how a receiver checks it: Standard Webhooks' headers, for which every language has a library.
 */
export function WebhookSecretDialog({ secret, previousValidUntil, onClose }: Props) {
  const { t } = useTranslation('automations');
  const formatDate = useFormatDate();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('secret.title')}
      description={t('secret.once')}
      footer={
        <>
          <Button variant="secondary" onClick={() => void onCopy()}>
            {copy === 'copied' ? t('secret.copied') : t('secret.copy')}
          </Button>
          <Button onClick={onClose}>{t('secret.done')}</Button>
        </>
      }
    >
      <div className="space-y-3">
        <code
          className="block select-all break-all rounded-lg bg-stone-100 p-3 font-mono text-sm text-stone-900 ring-1 ring-stone-300"
          aria-label={t('secret.label')}
          data-testid="webhook-secret"
        >
          {secret}
        </code>
        {copy === 'failed' && (
          <p role="status" className="text-sm font-medium text-red-700">
            {t('secret.copyFailed')}
          </p>
        )}
        {previousValidUntil && <Alert tone="info">{t('secret.overlap', { until: formatDate(previousValidUntil) })}</Alert>}
        <p className="text-sm text-stone-700">{t('secret.howTo')}</p>
      </div>
    </Dialog>
  );
}
