import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui';
import { useOnlineStatus } from '../../lib/use-online-status';

/** Loaded on demand: Dexie stays out of the first-paint bundle. */
const queueModule = () => import('../../offline/create-room-queue');

/**
 * "n changes waiting" beside the online state, and the sender: whenever the browser is (back) online
 * the queued rooms are sent, each once, with its Idempotency-Key.
 */
export function SyncStatus() {
  const { t } = useTranslation('app');
  const toast = useToast();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void queueModule().then((m) => {
      if (!cancelled) stop = m.watchQueuedCount(setWaiting);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  useEffect(() => {
    if (!online || waiting === 0) return;
    let cancelled = false;
    void queueModule()
      .then((m) => m.flushCreateRoomQueue())
      .then((res) => {
        if (res.sent.length || res.refused.length) void queryClient.invalidateQueries({ queryKey: ['rooms'] });
        if (cancelled) return;
        if (res.sent.length) toast.success(t('header.synced', { count: res.sent.length }));
        for (const r of res.refused) toast.danger(t('header.refused', { name: r.item.name, reason: r.message }));
      })
      .catch((err: unknown) => console.warn('Sending queued changes failed', err));
    return () => {
      cancelled = true;
    };
  }, [online, waiting, queryClient, toast, t]);

  if (waiting === 0) return null;
  return (
    <span
      role="status"
      className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-blue-50 px-2.5 text-xs font-medium text-blue-900 ring-1 ring-inset ring-blue-300"
    >
      {online ? t('header.sending', { count: waiting }) : t('header.pending', { count: waiting })}
    </span>
  );
}
