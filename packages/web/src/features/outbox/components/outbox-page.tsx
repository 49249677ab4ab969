import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog, EmptyState, PageHeader, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import type { OutboxHistoryRow, QueuedAction } from '../../../api/action-queue';
import { userDataQuery } from '../../../api/queries/users';
import type { QueueEntry } from '../../../api/form-responses';
import type { QueuedRoom } from '../../../api/room-queue';
import {
  discardAction,
  discardForm,
  keepMineAction,
  keepTheirsAction,
  restoreAction,
  retryAction,
  retryForm,
  sendOutbox,
  useOutbox,
  useOutboxHistory,
} from '../../../api/use-outbox';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useAuth } from '../../../state/hooks';

import { restoreForm } from '../api/restore-form';
import { ActionRow, FormRow, HistoryEntry, RoomRow } from './outbox-rows';

type Row =
  | { kind: 'action'; key: string; at: number; action: QueuedAction }
  | { kind: 'form'; key: string; at: number; entry: QueueEntry }
  | { kind: 'room'; key: string; at: number; room: QueuedRoom };

/**
 * The outbox: every change made on this device that the server has not confirmed yet — field actions
 * and form submissions — oldest first, each with its state, the server's reason when refused, Retry
 * and Discard (after confirming); recently sent ones stay listed for a day so the user sees them arrive.
 */
export default function OutboxPage() {
  const { t, i18n } = useTranslation('outbox');
  const toast = useToast();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const { userId, companyID } = useAuth();
  const { actions, forms, rooms, waiting, refused } = useOutbox(userId, companyID);
  const history = useOutboxHistory(userId, companyID);
  // Who discards or settles a conflict, as the history names them.
  const me = useQuery({ ...userDataQuery(userId ?? 0, companyID ?? 0), enabled: Boolean(userId && companyID) });
  const by = me.data ? `${me.data.first_name} ${me.data.last_name}`.trim() || null : null;
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<Row | null>(null);

  const rows: Row[] = [
    ...actions.map((action): Row => ({ kind: 'action', key: `a${action.seq}`, at: action.createdAt, action })),
    ...forms.map((entry): Row => ({ kind: 'form', key: `f${entry.item.tempResponseID}`, at: Date.parse(entry.item.submittedAt) || 0, entry })),
    ...rooms.map((room): Row => ({ kind: 'room', key: `r${room.id}`, at: room.queuedAt ?? 0, room })),
  ].sort((a, b) => a.at - b.at);
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const afterSend = (sent: number, refusedNow: number) => {
    if (sent || refusedNow) void queryClient.invalidateQueries();
    if (sent) toast.success(t('sentToast', { count: sent }));
    if (refusedNow) toast.danger(t('refusedToast', { count: refusedNow }));
  };

  const sendNow = async () => {
    if (!userId) return;
    setSending(true);
    try {
      const res = await sendOutbox(userId, true);
      afterSend(
        res.rooms.sent.length + res.actions.sent.length + res.forms.sent.length,
        res.rooms.refused.length + res.actions.refused.length + res.forms.failed.length,
      );
    } catch (err) {
      toast.danger(t('sendFailed', { reason: errorMessage(err) }));
    } finally {
      setSending(false);
    }
  };

  const retry = async (row: Row) => {
    if (!userId) return;
    setBusy(row.key);
    try {
      if (row.kind === 'action') {
        const res = await retryAction(row.action.seq, userId);
        afterSend(res.sent.length, res.refused.length);
      } else if (row.kind === 'form') {
        const res = await retryForm(row.entry.item.tempResponseID, userId);
        afterSend(res.sent.length, res.failed.length);
      }
    } catch (err) {
      toast.danger(t('sendFailed', { reason: errorMessage(err) }));
    } finally {
      setBusy(null);
    }
  };

  const discard = async () => {
    const row = discarding;
    if (!row) return;
    setBusy(row.key);
    try {
      if (row.kind === 'action') await discardAction(row.action.seq, by);
      else if (row.kind === 'form') await discardForm(row.entry.item.tempResponseID, by);
      // The screens showed the change already: they reload what the server really holds.
      void queryClient.invalidateQueries();
      toast.success(t('discarded'));
    } catch (err) {
      toast.danger(errorMessage(err));
    } finally {
      setBusy(null);
      setDiscarding(null);
    }
  };

  const keepMine = async (action: QueuedAction) => {
    if (!userId) return;
    setBusy(`a${action.seq}`);
    try {
      const res = await keepMineAction(action.seq, userId, by);
      afterSend(res.sent.length, res.refused.length);
    } catch (err) {
      toast.danger(t('sendFailed', { reason: errorMessage(err) }));
    } finally {
      setBusy(null);
    }
  };

  const keepTheirs = async (action: QueuedAction) => {
    setBusy(`a${action.seq}`);
    try {
      await keepTheirsAction(action.seq, by);
      void queryClient.invalidateQueries();
      toast.success(t('keptTheirsToast'));
    } catch (err) {
      toast.danger(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const restore = async (entry: OutboxHistoryRow) => {
    if (!userId) return;
    setBusy(`h${entry.id}`);
    try {
      if (entry.source === 'form') await restoreForm(entry.id, userId, by, online);
      else await restoreAction(entry.id, userId, by);
      void queryClient.invalidateQueries();
      toast.success(t('restoredToast'));
    } catch (err) {
      toast.danger(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={online ? t('introOnline') : t('introOffline')}
        actions={
          <Button onClick={() => void sendNow()} loading={sending} disabled={!online || waiting === 0}>
            {t('sendNow')}
          </Button>
        }
      />
      <p className="mb-4 text-sm text-stone-700" role="status">
        {t('summary', { waiting, refused })}
      </p>
      {rows.length === 0 ? (
        <EmptyState title={t('emptyTitle')} description={t('emptyText')} />
      ) : (
        <ul className="space-y-2" aria-label={t('listLabel')}>
          {rows.map((row) => (
            <li key={row.key} className="rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
              {row.kind === 'room' ? (
                <RoomRow room={row.room} when={when(row.at)} />
              ) : row.kind === 'action' ? (
                <ActionRow
                  action={row.action}
                  when={when(row.action.createdAt)}
                  online={online}
                  busy={busy === row.key || sending}
                  onRetry={() => void retry(row)}
                  onDiscard={() => setDiscarding(row)}
                  onKeepMine={() => void keepMine(row.action)}
                  onKeepTheirs={() => void keepTheirs(row.action)}
                />
              ) : (
                <FormRow
                  entry={row.entry}
                  when={when(row.at)}
                  online={online}
                  busy={busy === row.key || sending}
                  onRetry={() => void retry(row)}
                  onDiscard={() => setDiscarding(row)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="outbox-history-title" className="mt-8">
        <h2 id="outbox-history-title" className="text-lg font-semibold text-stone-900">
          {t('history.title')}
        </h2>
        <p className="mb-3 text-sm text-stone-700">{t('history.intro')}</p>
        {history.length === 0 ? (
          <EmptyState title={t('history.emptyTitle')} description={t('history.emptyText')} />
        ) : (
          <ul className="space-y-2" aria-label={t('history.listLabel')}>
            {history.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
                <HistoryEntry entry={entry} when={when(entry.at)} busy={busy === `h${entry.id}`} onRestore={() => void restore(entry)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={Boolean(discarding)}
        destructive
        loading={Boolean(discarding && busy === discarding.key)}
        title={t('discardTitle')}
        description={discarding?.kind === 'form' ? t('discardFormText', { count: discarding.entry.photos }) : t('discardText')}
        confirmLabel={t('discardConfirm')}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => void discard()}
      />
    </>
  );
}

