import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridBox, ProblemAction, ProblemObservation } from '@verdant/contract';
import { Alert, Button, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { manageProblem } from '../../../../api/unresolved-problems';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { useAuth } from '../../../../state/hooks';
import { boxProblemsQuery } from '../../../../api/queries/problems';
import { useInvalidateProblems } from '../../api/use-problems';
import { useRoomProblemStyles } from '../../api/use-room-problem-styles';
import { readableTextOn } from '../../../../lib/colour';
import { useFormatDate } from '../../../../lib/format-date';

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
  const online = useOnlineStatus();
  const formatDate = useFormatDate();
  const gridIds = useMemo(() => [box.GridID], [box.GridID]);
  const colors = useRoomProblemStyles(companyId, gridIds);
  const problems = useQuery({ ...boxProblemsQuery(companyId, box.id), enabled: online && Boolean(companyID) });
  const invalidate = useInvalidateProblems(companyId);
  const [closed, setClosed] = useState<ProblemObservation[]>([]);
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: ProblemAction }) => manageProblem(id, action, userId ?? 0),
    onSuccess: (res, { action }) => {
      const p = res.problem;
      setClosed((list) => (action === 'reopen' ? list.filter((x) => x.ProblemID !== p.ProblemID) : [p, ...list.filter((x) => x.ProblemID !== p.ProblemID)]));
      toast.success(t(`problems.done.${action}`, { problem: p.Problem }));
    },
    onError: (err) => toast.danger(t('problems.actionFailed', { reason: errorMessage(err) })),
    onSettled: () => invalidate(),
  });

  if (!online) return <p className="text-sm text-stone-600">{t('problems.offline')}</p>;
  if (problems.isPending) return <p className="text-sm text-stone-600">Loading...</p>;
  if (problems.isError)
    return (
      <Alert tone="danger" action={<Button size="sm" variant="secondary" onClick={() => void problems.refetch()}>{t('app:ui.retry')}</Button>}>
        {errorMessage(problems.error)}
      </Alert>
    );

  const busy = (id: number, action: ProblemAction) => act.isPending && act.variables?.id === id && act.variables.action === action;
  const color = (name: string) => colors.byProblem.get(name.trim().toLowerCase());

  return (
    <>
      {problems.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('problems.noneInBox')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('problems.openList')}>
          {problems.data.map((p) => (
            <li key={p.ProblemID} className="rounded-lg border border-stone-200 p-3">
              <div className="flex items-start gap-2">
                <Swatch color={color(p.Problem)?.color} label={color(p.Problem)?.abbreviation} />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-stone-900">{p.Problem}</p>
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
                  aria-label={t('problems.resolveLabel', { problem: p.Problem })}
                  onClick={() => act.mutate({ id: p.ProblemID, action: 'resolve' })}
                >
                  {t('problems.resolve')}
                </Button>
                <Button
                  size="md"
                  variant="ghost"
                  loading={busy(p.ProblemID, 'dismiss')}
                  disabled={act.isPending}
                  aria-label={t('problems.dismissLabel', { problem: p.Problem })}
                  onClick={() => act.mutate({ id: p.ProblemID, action: 'dismiss' })}
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
                  {p.Problem} · {p.Status === 'resolved' ? t('problems.resolved') : t('problems.dismissed')}
                </span>
                <Button
                  size="md"
                  variant="ghost"
                  loading={busy(p.ProblemID, 'reopen')}
                  disabled={act.isPending}
                  aria-label={t('problems.reopenLabel', { problem: p.Problem })}
                  onClick={() => act.mutate({ id: p.ProblemID, action: 'reopen' })}
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
