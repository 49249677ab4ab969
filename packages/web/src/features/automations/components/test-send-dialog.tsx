import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { automationsMessages, type DeliveryChannel, type Notification } from '@verdant/contract';
import { Alert, Button, Dialog, Select } from '../../../components/ui';
import { translateServerMessage } from '../../../lib/server-message';
import { useSendTest } from '../api/use-delivery-actions';
import { channelsOf, targetOf } from '../lib/describe';

interface Props {
  companyId: number;
  notification: Notification;
  /** The notification in one sentence (describeNotification). */
  what: string;
  onClose: () => void;
}

/** "Send a test": sends through one channel now and shows what went out and what the channel answered. */
export function TestSendDialog({ companyId, notification, what, onClose }: Props) {
  const { t } = useTranslation('automations');
  const channels = channelsOf(notification);
  const [channel, setChannel] = useState<DeliveryChannel>(channels[0] ?? 'email');
  const send = useSendTest(companyId);
  const result = send.data;

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('test.title')}
      description={
        <>
          <p className="font-medium text-stone-900">{what}</p>
          <p className="mt-1">{t('test.intro')}</p>
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('test.close')}
          </Button>
          <Button
            loading={send.isPending}
            onClick={() => send.mutate({ notificationId: notification.notification_id, channel: channels.length > 1 ? channel : undefined })}
          >
            {t('test.send')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {channels.length > 1 && (
          <Select
            label={t('test.channel')}
            value={channel}
            onChange={(e) => {
              setChannel(e.target.value as DeliveryChannel);
              send.reset();
            }}
            options={channels.map((c) => ({ value: c, label: `${t(`channels.${c}`)} — ${targetOf(notification, c)}` }))}
          />
        )}
        {channels.length === 1 && (
          <p className="break-all text-sm text-stone-700">
            {t(`channels.${channel}`)}: {targetOf(notification, channel)}
          </p>
        )}
        {send.isError && <Alert tone="danger">{translateServerMessage(send.error.message, automationsMessages, t, 'automations:server')}</Alert>}
        {result && (
          <section aria-label={t('test.what')} className="space-y-3" aria-live="polite">
            <Alert tone={result.sent ? 'success' : 'danger'} title={t(result.sent ? 'test.sent' : 'test.notSent', { channel: t(`channels.${result.channel}`) })}>
              {result.status_code !== undefined && <p>{t('test.statusCode', { code: result.status_code })}</p>}
              <p>
                <span className="font-medium">{t('test.answer')}:</span> <span className="break-all font-mono text-xs">{result.answer}</span>
              </p>
            </Alert>
            <div className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
              <p className="font-medium text-stone-900">{t('test.what')}</p>
              <dl className="mt-2 space-y-2">
                <div>
                  <dt className="text-xs text-stone-600">{t('test.subject')}</dt>
                  <dd className="break-words text-stone-900">{result.preview.subject}</dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-600">{t('test.text')}</dt>
                  <dd className="max-h-48 overflow-y-auto whitespace-pre-wrap break-words text-stone-900">{result.preview.text}</dd>
                </div>
              </dl>
            </div>
          </section>
        )}
      </div>
    </Dialog>
  );
}
