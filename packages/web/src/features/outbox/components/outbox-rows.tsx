import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge, Button, type BadgeTone } from '../../../components/ui';
import { canKeepMine, canRestore, keepMineReopens, mineOf, type ActionState, type OutboxHistoryRow, type QueuedAction } from '../../../api/action-queue';
import type { QueueEntry } from '../../../api/form-responses';
import type { QueuedRoom } from '../../../api/room-queue';

/** The outbox page's rows: a queued action, form or room, a conflict's choice and a history entry. */
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
  reopened: 'info',
  matched: 'success',
};

/** One thing that happened to a change: when, what the server answered or refused, who chose what. */
export function HistoryEntry({ entry, when, busy, onRestore }: { entry: OutboxHistoryRow; when: string; busy: boolean; onRestore: () => void }) {
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
  else if (entry.kind === 'reopened') detail = t('history.detail.reopened');
  else if (entry.kind === 'matched') detail = t('history.detail.matched', { theirs });
  const restorable = canRestore(entry, Date.now());
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
      {mineOk && keepMineReopens(action) && <p className="mt-1 text-xs text-stone-700">{t('conflict.reopenFirst', { mine: valueText(action.endpoint, mineOf(action), t) })}</p>}
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

export function ActionRow({
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

export function RoomRow({ room, when }: { room: QueuedRoom; when: string }) {
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

export function FormRow({ entry, when, online, busy, onRetry, onDiscard }: RowProps & { entry: QueueEntry }) {
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
