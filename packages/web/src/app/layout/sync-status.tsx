import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { useToast } from '../../components/ui';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useAuth } from '../../state/hooks';
import { roomKeys } from '../../api/queries/rooms';
import { formQueueModule, useFormQueue } from '../../api/use-form-queue';
import type { FlushResult } from '../../api/form-responses';
import { actionQueueModule, useQueuedActions } from '../../api/use-outbox';
import type { ActionFlushResult } from '../../api/action-queue';
import { SyncPanel } from './sync-panel';

/** Loaded on demand: Dexie stays out of the first-paint bundle. */
const roomQueueModule = () => import('../../offline/create-room-queue');
const roomSendModule = () => import('../../api/room-queue');

/**
 * "n changes waiting" (rooms and form submissions, waiting or refused) beside the online state, the
 * panel listing them, and the sender: at start, whenever the browser is back online, when something is
 * queued, and after a backoff, the queues are sent — each item once, in order, with its Idempotency-Key.
 */
export function SyncStatus() {
  const { t } = useTranslation(['app', 'outbox']);
  const toast = useToast();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const [rooms, setRooms] = useState(0);
  const entries = useFormQueue(userId);
  const actions = useQueuedActions(userId);
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [retryTick, setRetryTick] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const pendingForms = entries.filter((e) => e.item.state === 'pending').length;
  const pendingActions = actions.filter((a) => a.state === 'waiting' || a.state === 'sending').length;
  const refusedActions = actions.filter((a) => a.state === 'refused').length;
  // Field actions (rename, cull, comment …) count with the forms: one outbox.
  const failedForms = entries.length - pendingForms + refusedActions;
  const waiting = rooms + pendingForms + pendingActions;

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void roomQueueModule().then((m) => {
      if (!cancelled) stop = m.watchQueuedCount(setRooms);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  const report = useCallback(
    (res: FlushResult, acts?: ActionFlushResult) => {
      if (res.sent.length || res.failed.length || acts?.sent.length || acts?.refused.length) void queryClient.invalidateQueries();
      if (res.sent.length) toast.success(t('sync.sent', { count: res.sent.length }));
      for (const f of res.failed) toast.danger(t('sync.refusedToast', { name: f.item.label || t('sync.formFallback'), reason: f.message }));
      if (acts?.sent.length) toast.success(t('sentToast', { ns: 'outbox', count: acts.sent.length }));
      if (acts?.refused.length) toast.danger(t('refusedToast', { ns: 'outbox', count: acts.refused.length }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const due = [res.retryAt, acts?.retryAt ?? null].filter((d): d is number => d !== null);
      if (due.length) {
        timer.current = setTimeout(() => setRetryTick((n) => n + 1), Math.max(0, Math.min(...due) - Date.now()));
      }
    },
    [queryClient, toast, t],
  );

  const send = useCallback(
    async (force: boolean) => {
      if (!navigator.onLine) return;
      setSending(true);
      try {
        const roomRes = await (await roomSendModule()).flushCreateRoomQueue();
        const companies = new Set([...roomRes.sent, ...roomRes.refused.map((r) => r.item)].map((r) => r.companyID));
        for (const id of companies) void queryClient.invalidateQueries({ queryKey: roomKeys.all(id) });
        for (const r of roomRes.refused) toast.danger(t('header.refused', { name: r.item.name, reason: r.message }));
        if (roomRes.sent.length) toast.success(t('header.synced', { count: roomRes.sent.length }));
        if (userId) {
          const acts = await (await actionQueueModule()).actionQueue().flush({ userId, force });
          report(await (await formQueueModule()).formQueue().flush({ userId, force }), acts);
        }
      } catch (err) {
        console.warn('Sending queued changes failed', err);
      } finally {
        setSending(false);
      }
    },
    [userId, report, queryClient, toast, t],
  );

  // App start, back online, something new queued, backoff over.
  useEffect(() => {
    if (online && waiting > 0) void send(false);
  }, [online, waiting, retryTick, send]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (waiting === 0 && failedForms === 0 && !open) return null;
  const label =
    failedForms > 0 && waiting === 0
      ? t('sync.failedCount', { count: failedForms })
      : online
        ? t('header.sending', { count: waiting + failedForms })
        : t('header.pending', { count: waiting + failedForms });
  return (
    <>
      <span role="status" className="contents">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-label={label}
          title={label}
          className={
            failedForms > 0
              ? 'inline-flex min-h-11 items-center gap-1.5 rounded-full bg-red-50 px-3 text-xs font-medium text-red-900 ring-1 ring-inset ring-red-300 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-brand-600'
              : 'inline-flex min-h-11 items-center gap-1.5 rounded-full bg-blue-50 px-3 text-xs font-medium text-blue-900 ring-1 ring-inset ring-blue-300 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-brand-600'
          }
        >
          <Icon name="form" className="size-4 sm:hidden" />
          <span aria-hidden="true" className="sm:hidden">
            {waiting + failedForms}
          </span>
          <span aria-hidden="true" className="hidden whitespace-nowrap sm:inline">
            {label}
          </span>
        </button>
      </span>
      <SyncPanel
        open={open}
        onClose={() => setOpen(false)}
        entries={entries}
        rooms={rooms}
        actions={pendingActions + refusedActions}
        online={online}
        sending={sending}
        onSendNow={() => void send(true)}
        onRetry={(id) =>
          void formQueueModule()
            .then((m) => m.formQueue().retry(id, userId ?? undefined))
            .then(report)
        }
        onDiscard={async (id) => {
          await (await formQueueModule()).formQueue().discard(id);
          toast.success(t('sync.discarded'));
        }}
      />
    </>
  );
}
