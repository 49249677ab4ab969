import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridBox, ProblemAction, ProblemObservation } from '@verdant/contract';
import { Alert, Button, LoadingText, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { isNotAvailableOffline } from '../../../../api/offline-errors';
import { useAuth } from '../../../../state/hooks';
import { boxProblemsQuery } from '../../../../api/queries/problems';
import { useProblemAction } from '../api/use-problems';
import { useRoomProblemStyles } from '../../api/use-room-problem-styles';
import { readableTextOn } from '../../../../lib/colour';
import { useFormatDate } from '../../../../lib/format-date';
import { useProblemLook } from '../../../../components/problem-look';

export function Swatch({ color, label }: { color: string | undefined; label?: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ring-1 ring-stone-400"
      style={{ background: color ?? '#e7e5e4', color: readableTextOn(color ?? '#e7e5e4') }}
    >
      {label}
    </span>
  );
}

/**
 * The box's open problems with Resolve and Dismiss per observation. What was closed here stays listed
 * under "Closed just now" with Reopen, so a wrong tap is one tap to undo.
 */
export function BoxProblems({ box }: { box: GridBox }) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const formatDate = useFormatDate();
  const gridIds = useMemo(() => [box.GridID], [box.GridID]);
  const colors = useRoomProblemStyles(companyId, gridIds);
  const look = useProblemLook(companyId);
  // Offline this reads the device's copy (api/offline-read); with none it says so.
  const problems = useQuery({ ...boxProblemsQuery(companyId, box.id), enabled: Boolean(companyID) });
  // Through the outbox: offline a Resolve, Dismiss or Reopen waits on the device and is sent later.
  const problemAction = useProblemAction(companyId, userId ?? 0);
  const [closed, setClosed] = useState<ProblemObservation[]>([]);
  const run = (p: ProblemObservation, action: ProblemAction) =>
    problemAction.mutate(
      { scope: { kind: 'observation', problemId: p.ProblemID }, action },
      {
        onSuccess: (res) => {
          const status = action === 'resolve' ? 'resolved' : 'dismissed';
          setClosed((list) =>
            action === 'reopen' ? list.filter((x) => x.ProblemID !== p.ProblemID) : [{ ...p, Status: status }, ...list.filter((x) => x.ProblemID !== p.ProblemID)],
          );
          if (res.queued) toast.info(t('queuedToast', { ns: 'outbox' }));
          else toast.success(t(`problems.done.${action}`, { problem: look.name(p.Problem) }));
        },
        onError: (err) => toast.danger(t('problems.actionFailed', { reason: errorMessage(err) })),
      },
    );

  if (problems.isPending) return <LoadingText />;
  if (problems.isError) {
    if (isNotAvailableOffline(problems.error)) return <p className="text-sm text-stone-600">{errorMessage(problems.error)}</p>;
    return (
      <Alert tone="danger" action={<Button size="sm" variant="secondary" onClick={() => void problems.refetch()}>{t('app:ui.retry')}</Button>}>
        {errorMessage(problems.error)}
      </Alert>
    );
  }

  // What was closed here leaves the open list at once, also while the outbox still holds it (the device's copy lags).
  const closedIds = new Set(closed.map((p) => p.ProblemID));
  const open = problems.data.filter((p) => !closedIds.has(p.ProblemID));
  const act = problemAction;
  const busy = (id: number, action: ProblemAction) =>
    act.isPending && act.variables?.scope.kind === 'observation' && act.variables.scope.problemId === id && act.variables.action === action;
  const color = (name: string) => colors.byProblem.get(name.trim().toLowerCase());

  return (
    <>
      {open.length === 0 ? (
        <p className="text-sm text-stone-600">{t('problems.noneInBox')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('problems.openList')}>
          {open.map((p) => (
            <li key={p.ProblemID} className="rounded-lg border border-stone-200 p-3">
              <div className="flex items-start gap-2">
                <Swatch color={color(p.Problem)?.color} label={color(p.Problem)?.abbreviation} />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-stone-900">{look.name(p.Problem)}</p>
                  <p className="text-xs text-stone-600">
                    {p.Severity !== null ? `${t('problems.severity', { value: p.Severity })} · ` : ''}
                    {t('problems.seen', { when: formatDate(p.ObservedAt), who: p.ObservedByName ?? t('scouting.unknownUser') })}
                  </p>
                </div>
              </div>
              <div className="mt-2 grid grid-cols-2 gap-2">
                <Button
                  size="md"
                  variant="secondary"
                  loading={busy(p.ProblemID, 'resolve')}
                  disabled={act.isPending}
                  aria-label={t('problems.resolveLabel', { problem: look.name(p.Problem) })}
                  onClick={() => run(p, 'resolve')}
                >
                  {t('problems.resolve')}
                </Button>
                <Button
                  size="md"
                  variant="ghost"
                  loading={busy(p.ProblemID, 'dismiss')}
                  disabled={act.isPending}
                  aria-label={t('problems.dismissLabel', { problem: look.name(p.Problem) })}
                  onClick={() => run(p, 'dismiss')}
                >
                  {t('problems.dismiss')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {closed.length > 0 && (
        <div className="mt-3">
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-600">{t('problems.recentlyClosed')}</p>
          <ul className="space-y-1" aria-label={t('problems.recentlyClosed')}>
            {closed.map((p) => (
              <li key={p.ProblemID} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-stone-700">
                  {look.name(p.Problem)} · {p.Status === 'resolved' ? t('problems.resolved') : t('problems.dismissed')}
                </span>
                <Button
                  size="md"
                  variant="ghost"
                  loading={busy(p.ProblemID, 'reopen')}
                  disabled={act.isPending}
                  aria-label={t('problems.reopenLabel', { problem: look.name(p.Problem) })}
                  onClick={() => run(p, 'reopen')}
                >
                  {t('problems.reopen')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
