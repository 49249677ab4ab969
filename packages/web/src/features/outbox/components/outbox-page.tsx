import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge, Button, ConfirmDialog, EmptyState, PageHeader, useToast, type BadgeTone } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { canKeepMine, canRestore, mineOf, type ActionState, type OutboxHistoryRow, type QueuedAction } from '../../../api/action-queue';
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

type Row =
  | { kind: 'action'; key: string; at: number; action: QueuedAction }
  | { kind: 'form'; key: string; at: number; entry: QueueEntry }
  | { kind: 'room'; key: string; at: number; room: QueuedRoom };

const STATE_TONE: Record<ActionState, BadgeTone> = { waiting: 'info', sending: 'brand', sent: 'success', refused: 'danger' };

function text(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

const PROBLEM_ENDPOINTS = new Set(['manageProblem', 'manageProblemsByTypeRoom', 'manageProblemsByTypeGrid', 'updateUnresolvedProblemsForGrid', 'updateUnresolvedProblemsForRoom']);

/** "Rename box", "Cull box" …: what the action does, from its endpoint and input. */
function titleOf(a: Pick<QueuedAction, 'endpoint' | 'input'>, t: TFunction<'outbox'>): string {
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

/** A value as the conflict shows it: a cleared name, a problem's status in words, or the value itself. */
function valueText(endpoint: string | null, v: string | null, t: TFunction<'outbox'>): string {
  if (v === null) return t('conflict.unknown');
  if (endpoint === 'updateGridBoxName' && v === '') return t('conflict.noName');
  if (endpoint && PROBLEM_ENDPOINTS.has(endpoint) && ['open', 'resolved', 'dismissed', 'suspected'].includes(v)) return t(`conflict.problem.${v as 'open'}`);
  return v;
}

/** The title of a history entry: what the change did (its endpoint; a problem action from its outcome) and its label. */
function historyTitle(e: OutboxHistoryRow, t: TFunction<'outbox'>): string {
  if (e.source === 'form') return t('kind.form');
  const kept = e.action?.input;
  const input =
    kept && typeof kept === 'object'
      ? (kept as Record<string, unknown>)
      : { action: e.mine === 'open' ? 'reopen' : e.mine === 'dismissed' ? 'dismiss' : 'resolve', custom_name: e.mine ?? '', culled: 1 };
  return titleOf({ endpoint: e.endpoint ?? '', input }, t);
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
      await restoreAction(entry.id, userId, by);
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

interface RowProps {
  when: string;
  online: boolean;
  busy: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}

const HISTORY_TONE: Record<OutboxHistoryRow['kind'], BadgeTone> = {
  sent: 'success',
  changed: 'warning',
  refused: 'danger',
  conflict: 'warning',
  keptMine: 'brand',
  keptTheirs: 'neutral',
  discarded: 'neutral',
  restored: 'info',
};

/** One thing that happened to a change: when, what the server answered or refused, who chose what. */
function HistoryEntry({ entry, when, busy, onRestore }: { entry: OutboxHistoryRow; when: string; busy: boolean; onRestore: () => void }) {
  const { t } = useTranslation('outbox');
  const mine = valueText(entry.endpoint, entry.mine, t);
  const theirs = valueText(entry.endpoint, entry.theirs, t);
  const who = entry.by ?? t('history.someone');
  let detail: string | null = null;
  if (entry.kind === 'sent') detail = entry.message ? t('history.detail.sent', { message: entry.message }) : null;
  else if (entry.kind === 'changed') detail = t('history.detail.changed', { mine, theirs });
  else if (entry.kind === 'refused') detail = t('history.detail.refused', { status: entry.status ?? '—', message: entry.message ?? '' });
  else if (entry.kind === 'conflict') detail = t('history.detail.conflict', { mine, theirs, message: entry.message ?? '' });
  else if (entry.kind === 'keptMine') detail = t('history.detail.keptMine', { who, mine, theirs });
  else if (entry.kind === 'keptTheirs') detail = t('history.detail.keptTheirs', { who, mine, theirs });
  else if (entry.kind === 'discarded') detail = t('history.detail.discarded', { who });
  else if (entry.kind === 'restored') detail = t('history.detail.restored', { who });
  const restorable = entry.source === 'action' && canRestore(entry, Date.now());
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-stone-900">
            {historyTitle(entry, t)} · <span className="break-words">{entry.label || t('formFallback')}</span>
          </p>
          {detail && <p className="break-words text-sm text-stone-700">{detail}</p>}
          <p className="text-xs text-stone-600">
            <time dateTime={new Date(entry.at).toISOString()}>{when}</time>
          </p>
        </div>
        <Badge tone={HISTORY_TONE[entry.kind]}>{t(`history.kind.${entry.kind}`)}</Badge>
      </div>
      {restorable && (
        <div className="mt-2">
          <Button variant="secondary" onClick={onRestore} loading={busy}>
            {t('restore')}
          </Button>
        </div>
      )}
      {entry.restoredAt !== null && <p className="mt-1 text-xs text-stone-600">{t('history.restoredNote')}</p>}
    </>
  );
}

/** A conflict: the user's value beside the server's, and the choice between them (never decided silently). */
function ConflictChoice({
  action,
  online,
  busy,
  onKeepMine,
  onKeepTheirs,
}: {
  action: QueuedAction;
  online: boolean;
  busy: boolean;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
}) {
  const { t } = useTranslation('outbox');
  const mineOk = canKeepMine(action);
  return (
    <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-stone-800">{t('conflict.mine')}</dt>
        <dd className="break-words text-stone-900" data-testid="conflict-mine">
          {valueText(action.endpoint, mineOf(action), t)}
        </dd>
        <dt className="font-medium text-stone-800">{t('conflict.theirs')}</dt>
        <dd className="break-words text-stone-900" data-testid="conflict-theirs">
          {action.status === 404 ? t('conflict.gone') : valueText(action.endpoint, action.theirs ?? null, t)}
        </dd>
      </dl>
      {!mineOk && <p className="mt-1 text-xs text-stone-700">{t('conflict.onlyTheirs')}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {mineOk && (
          <Button variant="secondary" onClick={onKeepMine} loading={busy} disabled={!online}>
            {t('conflict.keepMine')}
          </Button>
        )}
        <Button variant="secondary" onClick={onKeepTheirs} disabled={busy}>
          {t('conflict.keepTheirs')}
        </Button>
      </div>
    </div>
  );
}

function ActionRow({
  action,
  when,
  online,
  busy,
  onRetry,
  onDiscard,
  onKeepMine,
  onKeepTheirs,
}: RowProps & { action: QueuedAction; onKeepMine: () => void; onKeepTheirs: () => void }) {
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
      {refused && action.conflict ? (
        <ConflictChoice action={action} online={online} busy={busy} onKeepMine={onKeepMine} onKeepTheirs={onKeepTheirs} />
      ) : action.state !== 'sent' && action.state !== 'sending' && (
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
