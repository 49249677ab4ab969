import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  OBSERVATION_STATUSES,
  OBSERVATIONS_LIMIT,
  problemAbbreviation,
  type ObservationListItem,
  type ObservationStatus,
  type ProblemAction,
} from '@verdant/contract';
import { Badge, Button, ButtonLink, EmptyState, ErrorState, Input, LoadingState, PageHeader, Pager, ProblemChip, Select, useToast, type BadgeTone } from '../../../components/ui';
import { DateRangeFields, RoomFilterField, useRoomDateFilter } from '../../../components/filter-bar';
import { useProblemLook } from '../../../components/problem-look';
import { Icon } from '../../../components/icons';
import { errorMessage } from '../../../api/api-error';
import { colorOf } from '../../../api/problem-color-mappings';
import { useProblemColors } from '../../../api/queries/problem-colors';
import type { ObservationFilters } from '../../../api/observations';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../../state/hooks';
import { observationsQuery } from '../../../api/queries/observations';
import { roomsQuery } from '../../../api/queries/rooms';
import { useManageObservation } from '../api/use-observations';
import { ObservationDetails } from './observation-details';
import { ObservationBulkBar } from './observation-bulk-bar';
import { ObservationPhotos, WaitingObservationPhotos } from './observation-photos';
import { useFormatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { confidencePercent, isSuspected } from '../lib/suspected';

const isStatus = (v: string | null): v is ObservationStatus => (OBSERVATION_STATUSES as readonly string[]).includes(v ?? '');
const STATUS_TONE: Record<ObservationStatus, BadgeTone> = { open: 'warning', resolved: 'success', dismissed: 'neutral', suspected: 'info' };

/** Filters and page live in the address, so a filtered list can be shared and survives reloads. */
function useObservationParams() {
  const filter = useRoomDateFilter();
  const status = filter.params.get('status');
  return {
    ...filter,
    status: isStatus(status) ? status : undefined,
    problem: filter.params.get('problem')?.trim() || undefined,
  };
}

/** The filters as the server's query: only what is set, first page at offset 0. */
export function toObservationQuery(p: { status?: ObservationStatus; room?: number; problem?: string; from?: string; to?: string; page: number }): ObservationFilters {
  return {
    ...(p.status ? { status: p.status } : {}),
    ...(p.room ? { room_id: p.room } : {}),
    ...(p.problem ? { problem: p.problem } : {}),
    ...(p.from ? { start_date: p.from } : {}),
    ...(p.to ? { end_date: p.to } : {}),
    limit: OBSERVATIONS_LIMIT,
    offset: p.page * OBSERVATIONS_LIMIT,
  };
}

function place(o: ObservationListItem) {
  return [o.RoomName, o.GridName, o.BoxName].filter(Boolean).join(' › ');
}

function ObservationRow({
  o,
  color,
  abbreviation,
  busy,
  expanded,
  onToggle,
  onAction,
  companyId,
  chosen,
  onChoose,
}: {
  o: ObservationListItem;
  color?: string;
  abbreviation?: string;
  busy: boolean;
  expanded: boolean;
  onToggle: () => void;
  onAction: (a: ProblemAction) => void;
  companyId: number;
  /** Chosen for a change of many (undefined when not choosing). */
  chosen?: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('observations');
  const formatDate = useFormatDate();
  // The library's name in the reader's language (issue 20); a typed problem as written.
  const problem = useProblemLook(companyId).name(o.Problem);
  const panelId = `obs-${o.ProblemID}-details`;
  const suspected = isSuspected(o);
  const confidence = confidencePercent(o.Confidence);
  return (
    // A suspected problem is drawn with a dashed outline, as on the map: seen by a scan, not yet by a person.
    <li className={cn('rounded-xl bg-white shadow-xs', suspected ? 'border-2 border-dashed border-sky-700' : 'border border-stone-200')}>
      <div className="flex flex-col gap-3 p-4 md:flex-row md:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          {chosen !== undefined && (
            <label className="-my-2 -ml-2 flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center">
              <input type="checkbox" className="size-5 accent-blue-700" aria-label={t('bulk.choose', { problem, place: place(o) })} checked={chosen} onChange={onChoose} />
            </label>
          )}
          <ProblemChip color={color} className="mt-0.5">
            {problemAbbreviation(o.Problem, abbreviation)}
          </ProblemChip>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-semibold text-stone-900">{problem}</h2>
              <Badge tone={STATUS_TONE[o.Status]}>{t(`status.${o.Status}`)}</Badge>
              {suspected && confidence !== null && <Badge tone="info">{t('confidence', { value: confidence })}</Badge>}
              {o.Severity !== null && <Badge tone={o.Severity >= 4 ? 'danger' : 'neutral'}>{t('severity', { value: o.Severity })}</Badge>}
            </div>
            <p className="mt-1 text-sm text-stone-800">{place(o) || t('noPlace')}</p>
            <p className="text-xs text-stone-600">
              {t('observedBy', { name: o.ObservedByName ?? t('someone'), date: formatDate(o.ObservedAt) })} · {t(`source.${o.Source}`, { defaultValue: o.Source })}
            </p>
            <ObservationPhotos observation={o} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2 md:justify-end">
          {suspected ? (
            <>
              <p className="basis-full text-sm text-stone-700 md:text-right">{t('suspectedHint')}</p>
              <ButtonLink to={paths.scanHistory} variant="secondary" aria-label={t('actions.reviewOne', { problem: o.Problem })}>
                {t('actions.review')}
              </ButtonLink>
            </>
          ) : o.Status === 'open' ? (
            <>
              <Button variant="secondary" loading={busy} onClick={() => onAction('resolve')} aria-label={t('actions.resolveOne', { problem })}>
                {t('actions.resolve')}
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => onAction('dismiss')} aria-label={t('actions.dismissOne', { problem })}>
                {t('actions.dismiss')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" loading={busy} onClick={() => onAction('reopen')} aria-label={t('actions.reopenOne', { problem })}>
              {t('actions.reopen')}
            </Button>
          )}
          <Button variant="ghost" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
            {expanded ? t('actions.hideDetails') : t('actions.details')}
            <Icon name={expanded ? 'up' : 'down'} className="size-4" />
          </Button>
        </div>
      </div>
      {expanded && (
        <div id={panelId} className="border-t border-stone-200 p-4">
          <ObservationDetails companyId={companyId} observation={o} />
        </div>
      )}
    </li>
  );
}

/** observations: recent problem observations of the company, filtered, paged, with their form answers and comments. */
export default function ObservationsPage() {
  const { t } = useTranslation('observations');
  const toast = useToast();
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const p = useObservationParams();
  const [problem, setProblem] = useState(p.problem ?? '');
  const [expanded, setExpanded] = useState<number | null>(null);
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: Boolean(companyID) });
  const colors = useProblemColors(companyId);
  const filters = toObservationQuery(p);
  const list = useQuery({ ...observationsQuery(companyId, filters), enabled: Boolean(companyID) });
  const manage = useManageObservation(companyId, userId ?? 0);
  // Choosing observations for a change of many (resolve or reassign them at once): null when not choosing.
  const [chosen, setChosen] = useState<ReadonlySet<number> | null>(null);
  const choose = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // Typing a problem name narrows the list once the typing pauses, not on every key.
  const update = useRef(p.update);
  update.current = p.update;
  const current = p.problem ?? '';
  useEffect(() => {
    if (problem.trim() === current) return;
    const timer = setTimeout(() => update.current({ problem: problem.trim() || undefined }), 350);
    return () => clearTimeout(timer);
  }, [problem, current]);

  const clear = () => {
    setProblem('');
    p.clear(['status', 'problem']);
  };
  const act = (o: ObservationListItem, action: ProblemAction) =>
    manage.mutate(
      { id: o.ProblemID, action },
      {
        onSuccess: (res) => toast.success(t(`done.${action}`, { problem: res.problem.Problem })),
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );

  const filtered = Boolean(p.status || p.room || p.problem || p.from || p.to);
  const total = list.data?.total_count ?? 0;
  const rows = list.data?.observations ?? [];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <ButtonLink to={paths.plantsProblems} variant="ghost">
            {t('toLibrary')}
          </ButtonLink>
        }
      />
      <form
        aria-label={t('filters.label')}
        onSubmit={(e) => e.preventDefault()}
        className="mb-4 grid grid-cols-2 gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-start"
      >
        <Select
          label={t('filters.status')}
          value={p.status ?? ''}
          onChange={(e) => p.update({ status: e.target.value || undefined })}
          options={[{ value: '', label: t('filters.anyStatus') }, ...OBSERVATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
        <RoomFilterField filter={p} rooms={rooms.data?.rooms ?? []} labels={{ room: t('filters.room'), allRooms: t('filters.allRooms') }} />
        <div className="col-span-2 lg:col-span-1">
          <Input label={t('filters.problem')} type="search" value={problem} placeholder={t('filters.problemPlaceholder')} onChange={(e) => setProblem(e.target.value)} />
        </div>
        <DateRangeFields filter={p} labels={{ from: t('filters.from'), to: t('filters.to'), dateOrder: t('filters.dateOrder') }} />
        <div className="col-span-2 flex items-end empty:hidden lg:col-span-1 lg:self-end">
          {filtered && (
            <Button variant="ghost" onClick={clear}>
              {t('filters.clear')}
            </Button>
          )}
        </div>
      </form>

      <WaitingObservationPhotos />
      {chosen ? (
        <ObservationBulkBar companyId={companyId} chosen={[...chosen]} onClear={() => setChosen(new Set())} onDone={() => setChosen(null)} />
      ) : (
        rows.length > 0 && (
          <Button variant="secondary" className="mb-3" onClick={() => setChosen(new Set())}>
            {t('bulk.start')}
          </Button>
        )
      )}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        filtered || p.page > 0 ? (
          <EmptyState
            icon={<Icon name="observation" className="size-10" />}
            title={t('noMatchTitle')}
            description={t('noMatchBody')}
            action={
              <Button variant="secondary" onClick={clear}>
                {t('filters.clear')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<Icon name="observation" className="size-10" />}
            title={t('emptyTitle')}
            description={t('emptyBody')}
            action={<ButtonLink to={paths.rooms}>{t('toRooms')}</ButtonLink>}
          />
        )
      ) : (
        <div aria-busy={list.isFetching || undefined} className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          <ul className="flex flex-col gap-3" aria-label={t('listLabel')}>
            {rows.map((o) => {
              const mapping = colorOf(colors.data?.byProblem, o.Problem);
              return (
                <ObservationRow
                  key={o.ProblemID}
                  o={o}
                  color={mapping?.Color}
                  abbreviation={mapping?.Abbreviation}
                  companyId={companyId}
                  busy={manage.isPending && manage.variables?.id === o.ProblemID}
                  expanded={expanded === o.ProblemID}
                  onToggle={() => setExpanded(expanded === o.ProblemID ? null : o.ProblemID)}
                  onAction={(a) => act(o, a)}
                  chosen={chosen ? chosen.has(o.ProblemID) : undefined}
                  onChoose={() => choose(o.ProblemID)}
                />
              );
            })}
          </ul>
          <Pager
            page={p.page}
            limit={OBSERVATIONS_LIMIT}
            total={total}
            label={t('pages')}
            range={(r) => t('range', r)}
            previousLabel={t('previous')}
            nextLabel={t('next')}
            onPage={(page) => p.update({ page: page > 0 ? String(page) : undefined }, true)}
          />
        </div>
      )}
    </>
  );
}
