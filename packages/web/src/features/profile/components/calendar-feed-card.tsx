import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { calendarFeedMessages } from '@verdant/contract';
import { Alert, Button, Card, ConfirmDialog, ErrorState, LoadingState, useToast } from '../../../components/ui';
import { calendarFeedQuery } from '../../../api/queries/calendar-feed';
import { useFormatDate } from '../../../lib/format-date';
import { translateServerMessage } from '../../../lib/server-message';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useRegenerateCalendarFeed, useRevokeCalendarFeed } from '../api/use-calendar-feed';

type Confirming = 'regenerate' | 'revoke' | null;

/** The person's calendar feed: its secret address to copy into a calendar app, a new address, or off. */
export function CalendarFeedCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const online = useOnlineStatus();
  const formatDate = useFormatDate();
  const feed = useQuery(calendarFeedQuery(companyId));
  const regenerate = useRegenerateCalendarFeed(companyId);
  const revoke = useRevokeCalendarFeed(companyId);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const server = (message: string) => translateServerMessage(message, calendarFeedMessages, t, 'profile:calendarFeedServer');

  const turnOn = () =>
    regenerate.mutate(undefined, {
      onSuccess: (answer) => {
        setCopied(false);
        toast.success(server(answer.message));
      },
      onError: (err) => toast.danger(server(err.message)),
      onSettled: () => setConfirming(null),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: (answer) => toast.success(server(answer.message)),
      onError: (err) => toast.danger(server(err.message)),
      onSettled: () => setConfirming(null),
    });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopyFailed(true);
    }
  };

  let body;
  if (feed.isPending) body = <LoadingState />;
  else if (feed.isError) body = <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />;
  else if (!feed.data.url) {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-stone-700">{t('calendarFeed.off')}</p>
        <Button onClick={turnOn} loading={regenerate.isPending} disabled={!online}>
          {t('calendarFeed.turnOn')}
        </Button>
      </div>
    );
  } else {
    const url = feed.data.url;
    body = (
      <div className="space-y-4">
        <p className="text-sm text-stone-700">{t('calendarFeed.howTo')}</p>
        <code className="block select-all break-all rounded-lg bg-stone-100 p-3 font-mono text-xs text-stone-900" aria-label={t('calendarFeed.address')}>
          {url}
        </code>
        {copyFailed && <p className="text-sm font-medium">{t('calendarFeed.copyFailed')}</p>}
        {feed.data.created_at && <p className="text-sm text-stone-600">{t('calendarFeed.since', { when: formatDate(feed.data.created_at) })}</p>}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copy(url)}>{copied ? t('calendarFeed.copied') : t('calendarFeed.copy')}</Button>
          <Button variant="secondary" onClick={() => setConfirming('regenerate')} disabled={!online}>
            {t('calendarFeed.regenerate')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming('revoke')} disabled={!online}>
            {t('calendarFeed.turnOff')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card title={t('calendarFeed.title')} description={t('calendarFeed.description')} className="lg:col-span-2">
      {!online && <Alert tone="warning" className="mb-4">{t('calendarFeed.offline')}</Alert>}
      {body}
      <ConfirmDialog
        open={confirming !== null}
        destructive
        loading={regenerate.isPending || revoke.isPending}
        title={confirming === 'revoke' ? t('calendarFeed.confirmOffTitle') : t('calendarFeed.confirmNewTitle')}
        description={confirming === 'revoke' ? t('calendarFeed.confirmOffText') : t('calendarFeed.confirmNewText')}
        confirmLabel={confirming === 'revoke' ? t('calendarFeed.turnOff') : t('calendarFeed.regenerate')}
        onCancel={() => setConfirming(null)}
        onConfirm={confirming === 'revoke' ? turnOff : turnOn}
      />
    </Card>
  );
}
