import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridBox, ProblemAction } from '@verdant/contract';
import { Alert, Button, ButtonLink, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { roomProblemsQuery } from '../../../../api/queries/problems';
import { useProblemAction, type ProblemScope } from '../api/use-problems';
import { useRoomProblemStyles } from '../../api/use-room-problem-styles';
import { useProblemLook } from '../../../../components/problem-look';
import { boxLabel } from '../../lib/box-label';
import { groupByGrid, groupByProblem, type ProblemGroup } from '../lib/group-problems';
import { Swatch } from './box-problems';
import { useFormatDate } from '../../../../lib/format-date';
import { paths } from '../../../../lib/paths';
import { useRoomRoute } from '../../components/use-room-route';

type BulkAction = Exclude<ProblemAction, 'reopen'>;

interface Pending {
  scope: ProblemScope;
  action: BulkAction;
  count: number;
  /** The scope in words: "Thrips in Bench A", "everything in Bench A". */
  what: string;
}

function ActionButtons({ label, onAction, disabled }: { label: string; onAction: (a: BulkAction) => void; disabled: boolean }) {
  const { t } = useTranslation('rooms');
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="md" variant="secondary" disabled={disabled} aria-label={t('unresolved.resolveLabel', { what: label })} onClick={() => onAction('resolve')}>
        {t('problems.resolve')}
      </Button>
      <Button size="md" variant="ghost" disabled={disabled} aria-label={t('unresolved.dismissLabel', { what: label })} onClick={() => onAction('dismiss')}>
        {t('problems.dismiss')}
      </Button>
    </div>
  );
}

/** rooms/unresolvedRoom/{roomID}: the room's open problems by type and grid, closed per observation or in bulk. */
export default function UnresolvedRoomPage() {
  const { t } = useTranslation(['rooms', 'outbox']);
  const toast = useToast();
  const { roomId, companyID, companyId, userId, online, room } = useRoomRoute();
  const formatDate = useFormatDate();
  const problems = useQuery({ ...roomProblemsQuery(companyId, roomId), enabled: Boolean(companyID) && online && roomId > 0 });
  const act = useProblemAction(companyId, userId ?? 0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState<Set<string>>(() => new Set());

  const data = room.data?.room;
  const gridIds = useMemo(() => (data?.grids ?? []).map((g) => g.id), [data]);
  const colors = useRoomProblemStyles(companyId, gridIds);
  const look = useProblemLook(companyId);
  const gridName = useMemo(() => {
    const names = new Map<number, string>((data?.grids ?? []).map((g) => [g.id, g.Name]));
    return (id: number | null) => (id === null ? t('unresolved.roomItself') : (names.get(id) ?? t('unresolved.gridN', { id })));
  }, [data, t]);
  const boxById = useMemo(() => {
    const map = new Map<number, GridBox>();
    for (const g of data?.grids ?? []) for (const b of g.grid_boxes) map.set(b.id, b);
    return map;
  }, [data]);
  const list = useMemo(() => problems.data?.problems ?? [], [problems.data]);
  const groups = useMemo(() => groupByProblem(list), [list]);
  const grids = useMemo(() => groupByGrid(list).filter((g) => g.gridId !== null), [list]);
  const roomName = data?.Name ?? t('unresolved.thisRoom');

  const ask = (p: Pending) => setPending(p);
  const confirm = () => {
    if (!pending) return;
    act.mutate(
      { scope: pending.scope, action: pending.action },
      {
        onSuccess: (res) => {
          toast.success(res.queued ? t('queuedToast', { ns: 'outbox' }) : t(`unresolved.done.${pending.action}`, { count: res.affected }));
          setPending(null);
        },
        onError: (err) => toast.danger(t('problems.actionFailed', { reason: errorMessage(err) })),
      },
    );
  };
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const header = (
    <PageHeader
      title={t('unresolved.title', { room: roomName })}
      description={t('unresolved.description')}
      actions={
        <>
          <ButtonLink to={paths.room(roomId)} variant="ghost">
            {t('unresolved.backToMap')}
          </ButtonLink>
          {list.length > 0 && (
            <>
              <Button
                variant="secondary"
                disabled={!online}
                onClick={() => ask({ scope: { kind: 'room', roomId }, action: 'resolve', count: list.length, what: t('unresolved.everythingIn', { place: roomName }) })}
              >
                {t('unresolved.resolveRoom')}
              </Button>
              <Button
                variant="ghost"
                disabled={!online}
                onClick={() => ask({ scope: { kind: 'room', roomId }, action: 'dismiss', count: list.length, what: t('unresolved.everythingIn', { place: roomName }) })}
              >
                {t('unresolved.dismissRoom')}
              </Button>
            </>
          )}
        </>
      }
    />
  );

  if (!online) {
    return (
      <>
        {header}
        <Alert tone="warning" title={t('offline.title')}>
          {t('unresolved.offline')}
        </Alert>
      </>
    );
  }
  if (problems.isPending || room.isPending) return <LoadingState />;
  if (problems.isError) {
    return (
      <>
        {header}
        <ErrorState error={problems.error} onRetry={() => void problems.refetch()} />
      </>
    );
  }

  const renderGroup = (g: ProblemGroup) => {
    const color = colors.byProblem.get(g.problem.trim().toLowerCase());
    const key = g.problem.toLowerCase();
    const expanded = open.has(key);
    return (
      <Card
        key={key}
        as="section"
        aria-label={look.name(g.problem)}
        title={
          <span className="flex items-center gap-2">
            <Swatch color={color?.color} label={color?.abbreviation} />
            {look.name(g.problem)}
          </span>
        }
        description={[
          t('unresolved.observations', { count: g.observations.length }),
          g.maxSeverity !== null ? t('problems.severity', { value: g.maxSeverity }) : null,
          t('unresolved.lastSeen', { when: formatDate(g.lastObservedAt) }),
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <ActionButtons
            label={t('unresolved.typeInRoom', { problem: look.name(g.problem), room: roomName })}
            disabled={act.isPending}
            onAction={(action) =>
              ask({
                scope: { kind: 'room', roomId, problemType: g.problem },
                action,
                count: g.observations.length,
                what: t('unresolved.typeIn', { problem: look.name(g.problem), place: roomName }),
              })
            }
          />
        }
      >
        <ul className="divide-y divide-stone-200" aria-label={t('unresolved.perGrid', { problem: g.problem })}>
          {g.grids.map((gg) => (
            <li key={gg.gridId ?? 'room'} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="text-sm font-medium text-stone-900">{gridName(gg.gridId)}</p>
                <p className="text-xs text-stone-600">
                  {t('unresolved.observations', { count: gg.observations.length })}
                  {gg.gridId !== null ? ` · ${t('problems.boxesWith', { count: gg.boxes })}` : ''}
                </p>
              </div>
              {gg.gridId !== null && (
                <ActionButtons
                  label={t('unresolved.typeIn', { problem: g.problem, place: gridName(gg.gridId) })}
                  disabled={act.isPending}
                  onAction={(action) =>
                    ask({
                      scope: { kind: 'grid', gridId: gg.gridId!, problemType: g.problem },
                      action,
                      count: gg.observations.length,
                      what: t('unresolved.typeIn', { problem: look.name(g.problem), place: gridName(gg.gridId) }),
                    })
                  }
                />
              )}
            </li>
          ))}
        </ul>
        <Button size="md" variant="ghost" className="-ml-2 mt-2 px-2" aria-expanded={expanded} onClick={() => toggle(key)}>
          {expanded ? t('unresolved.hideEach') : t('unresolved.showEach', { count: g.observations.length })}
        </Button>
        {expanded && (
          <ul className="mt-2 space-y-2" aria-label={t('unresolved.eachOf', { problem: g.problem })}>
            {g.observations.map((o) => {
              const box = o.GridBoxID !== null ? boxById.get(o.GridBoxID) : undefined;
              const where = box ? t('unresolved.boxIn', { box: boxLabel(box), grid: gridName(o.GridID) }) : gridName(o.GridID);
              return (
                <li key={o.ProblemID} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-50 px-3 py-2">
                  <div className="min-w-0">
                    <p className="text-sm text-stone-900">{where}</p>
                    <p className="text-xs text-stone-600">
                      {o.Severity !== null ? `${t('problems.severity', { value: o.Severity })} · ` : ''}
                      {t('problems.seen', { when: formatDate(o.ObservedAt), who: o.ObservedByName ?? t('scouting.unknownUser') })}
                    </p>
                  </div>
                  <ActionButtons
                    label={t('unresolved.oneAt', { problem: look.name(o.Problem), where })}
                    disabled={act.isPending}
                    onAction={(action) =>
                      ask({ scope: { kind: 'observation', problemId: o.ProblemID }, action, count: 1, what: t('unresolved.oneAt', { problem: look.name(o.Problem), where }) })
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    );
  };

  return (
    <>
      {header}
      {list.length === 0 ? (
        <EmptyState
          title={t('unresolved.emptyTitle')}
          description={t('unresolved.emptyBody')}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="flex flex-col gap-4">
            <h2 className="sr-only">{t('unresolved.byType')}</h2>
            {groups.map(renderGroup)}
          </div>
          {grids.length > 0 && (
            <Card as="section" title={t('unresolved.byGrid')} description={t('unresolved.byGridBody')}>
              <ul className="divide-y divide-stone-200">
                {grids.map((g) => (
                  <li key={g.gridId} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
                    <div>
                      <p className="text-sm font-medium text-stone-900">{gridName(g.gridId)}</p>
                      <p className="text-xs text-stone-600">
                        {t('unresolved.observations', { count: g.observations.length })} · {t('problems.boxesWith', { count: g.boxes })}
                      </p>
                    </div>
                    <ActionButtons
                      label={t('unresolved.everythingIn', { place: gridName(g.gridId) })}
                      disabled={act.isPending}
                      onAction={(action) =>
                        ask({
                          scope: { kind: 'grid', gridId: g.gridId! },
                          action,
                          count: g.observations.length,
                          what: t('unresolved.everythingIn', { place: gridName(g.gridId) }),
                        })
                      }
                    />
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        destructive={pending?.action === 'dismiss'}
        title={pending ? t(`unresolved.confirm.${pending.action}Title`, { count: pending.count }) : ''}
        description={pending ? t(`unresolved.confirm.${pending.action}Body`, { count: pending.count, what: pending.what }) : ''}
        confirmLabel={pending ? t(`unresolved.confirm.${pending.action}Confirm`, { count: pending.count }) : undefined}
        loading={act.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}
