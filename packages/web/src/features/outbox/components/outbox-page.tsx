import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge, Button, ConfirmDialog, EmptyState, PageHeader, useToast, type BadgeTone } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import type { QueuedAction, ActionState } from '../../../api/action-queue';
import type { QueueEntry } from '../../../api/form-responses';
import type { QueuedRoom } from '../../../api/room-queue';
import { discardAction, discardForm, retryAction, retryForm, sendOutbox, useOutbox } from '../../../api/use-outbox';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useAuth } from '../../../state/hooks';

type Row =
  | { kind: 'action'; key: string; at: number; action: QueuedAction }
  | { kind: 'form'; key: string; at: number; entry: QueueEntry }
  | { kind: 'room'; key: string; at: number; room: QueuedRoom };

const STATE_TONE: Record<ActionState, BadgeTone> = { waiting: 'info', sending: 'brand', sent: 'success', refused: 'danger' };

function text(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/** "Rename box", "Cull box" …: what the action does, from its endpoint and input. */
function titleOf(a: QueuedAction, t: TFunction<'outbox'>): string {
  const input = a.input;
  switch (a.endpoint) {
    case 'updateGridBoxName':
      return t('kind.rename');
    case 'updateCullingStatus':
      return Number(input.culled) === 0 ? t('kind.restore') : t('kind.cull');
    case 'createSubGridboxes':
    case 'submitGridTemplate':
      return t('kind.subBoxes');
    case 'movePlant':
      return t('kind.move');
    case 'addComment':
      return t('kind.comment');
    case 'createScan':
      return t('kind.scan');
    case 'manageProblem':
    case 'manageProblemsByTypeRoom':
    case 'manageProblemsByTypeGrid':
    case 'updateUnresolvedProblemsForGrid':
    case 'updateUnresolvedProblemsForRoom':
      return t(`kind.problem.${text(input.action) === 'reopen' ? 'reopen' : text(input.action) === 'dismiss' ? 'dismiss' : 'resolve'}`);
    case 'assignStatusToBatches':
      return t('kind.batchStatus');
    default:
      return t('kind.other');
  }
}

/** The detail a user recognises: the new name, the comment, the new status. */
function detailOf(a: QueuedAction, t: TFunction<'outbox'>): string | null {
  const input = a.input;
  if (a.endpoint === 'updateGridBoxName') return text(input.custom_name) ? t('detail.newName', { name: text(input.custom_name) }) : t('detail.clearName');
  if (a.endpoint === 'assignStatusToBatches') return t('detail.status', { status: text(input.batch_status) });
  if (a.endpoint === 'createSubGridboxes' && input.nx && input.ny) return t('detail.size', { nx: text(input.nx), ny: text(input.ny) });
  return null;
}

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
      if (row.kind === 'action') await discardAction(row.action.seq);
      else if (row.kind === 'form') await discardForm(row.entry.item.tempResponseID);
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

interface RowProps {
  when: string;
  online: boolean;
  busy: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}

function ActionRow({ action, when, online, busy, onRetry, onDiscard }: RowProps & { action: QueuedAction }) {
  const { t } = useTranslation('outbox');
  const detail = detailOf(action, t);
  const refused = action.state === 'refused';
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-stone-900">
            {titleOf(action, t)} · <span className="break-words">{action.label}</span>
          </p>
          {detail && <p className="break-words text-sm text-stone-700">{detail}</p>}
          <p className="text-xs text-stone-600">{t('madeAt', { when })}</p>
        </div>
        <Badge tone={refused && action.conflict ? 'warning' : STATE_TONE[action.state]}>
          {refused && action.conflict ? t('state.conflict') : t(`state.${action.state}`)}
        </Badge>
      </div>
      {refused && action.reason && (
        <p className="mt-2 text-sm text-red-800">{action.conflict ? t('conflictReason', { reason: action.reason }) : t('refusedReason', { reason: action.reason })}</p>
      )}
      {action.state === 'waiting' && action.reason && <p className="mt-2 text-xs text-stone-600">{t('lastTry', { reason: action.reason })}</p>}
      {action.state !== 'sent' && action.state !== 'sending' && (
        <RowButtons online={online} busy={busy} showRetry={refused || Boolean(action.reason)} onRetry={onRetry} onDiscard={onDiscard} />
      )}
    </>
  );
}

function RoomRow({ room, when }: { room: QueuedRoom; when: string }) {
  const { t } = useTranslation('outbox');
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <p className="text-sm font-medium text-stone-900">
          {t('kind.room')} · <span className="break-words">{room.name}</span>
        </p>
        <p className="text-xs text-stone-600">{t('madeAt', { when })}</p>
      </div>
      <Badge tone="info">{t('state.waiting')}</Badge>
    </div>
  );
}

function FormRow({ entry, when, online, busy, onRetry, onDiscard }: RowProps & { entry: QueueEntry }) {
  const { t } = useTranslation('outbox');
  const { item } = entry;
  const failed = item.state === 'failed';
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-stone-900">
            {t('kind.form')} · <span className="break-words">{item.label || t('formFallback')}</span>
          </p>
          <p className="text-sm text-stone-700">{t('detail.form', { answers: entry.answers, count: entry.photos })}</p>
          <p className="text-xs text-stone-600">{t('madeAt', { when })}</p>
        </div>
        <Badge tone={failed ? 'danger' : 'info'}>{failed ? t('state.refused') : t('state.waiting')}</Badge>
      </div>
      {item.lastError && (
        <p className={failed ? 'mt-2 text-sm text-red-800' : 'mt-2 text-xs text-stone-600'}>
          {failed ? t('refusedReason', { reason: item.lastError }) : t('lastTry', { reason: item.lastError })}
        </p>
      )}
      <RowButtons online={online} busy={busy} showRetry={failed || Boolean(item.lastError)} onRetry={onRetry} onDiscard={onDiscard} />
    </>
  );
}

function RowButtons({ online, busy, showRetry, onRetry, onDiscard }: { online: boolean; busy: boolean; showRetry: boolean; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('outbox');
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {showRetry && (
        <Button variant="secondary" onClick={onRetry} loading={busy} disabled={!online}>
          {t('retry')}
        </Button>
      )}
      <Button variant="ghost" className="text-red-800" onClick={onDiscard} disabled={busy}>
        {t('discard')}
      </Button>
    </div>
  );
}
