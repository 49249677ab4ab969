import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MOVEMENT_HISTORY_LIMIT, MOVEMENT_SORT_KEYS, type Movement } from '@verdant/contract';
import { Button, ButtonLink, EmptyState, ErrorState, LoadingState, PageHeader, Pager, Select } from '../../../../components/ui';
import { DateRangeFields, RoomFilterField, useRoomDateFilter } from '../../../../components/filter-bar';
import { Icon } from '../../../../components/icons';
import { cn } from '../../../../lib/cn';
import type { MovementHistoryFilters } from '../../../../api/movement';
import { useAuth } from '../../../../state/hooks';
import { movementHistoryQuery, roomsQuery } from '../../../../api/queries/rooms';
import { useFormatDate } from '../../../../lib/format-date';
import { paths } from '../../../../lib/paths';

type SortKey = (typeof MOVEMENT_SORT_KEYS)[number];
type SortOrder = 'asc' | 'desc';

const isSortKey = (v: string | null): v is SortKey => (MOVEMENT_SORT_KEYS as readonly string[]).includes(v ?? '');

/** Newest first for dates, A→Z for names: what people expect when they first click a column. */
const firstOrder = (key: SortKey): SortOrder => (key === 'moved_at' ? 'desc' : 'asc');

/** Filters, sort and page live in the address, so a filtered history can be shared and survives reloads. */
function useHistoryParams() {
  const filter = useRoomDateFilter();
  const sortRaw = filter.params.get('sort');
  const sort: SortKey = isSortKey(sortRaw) ? sortRaw : 'moved_at';
  const order: SortOrder = filter.params.get('order') === 'asc' ? 'asc' : filter.params.get('order') === 'desc' ? 'desc' : firstOrder(sort);
  return { ...filter, sort, order };
}

/** Room on the first line, box › sub-box below it: long place names stay readable in narrow cells. */
function Place({ room, box, sub }: { room: string | null; box: string | null; sub: string | null }) {
  const inner = [box, sub].filter(Boolean).join(' › ');
  if (!room && !inner) return <span className="text-stone-500">—</span>;
  return (
    <>
      {room && <span className="block font-medium text-stone-900">{room}</span>}
      {inner && <span className="block text-xs text-stone-600">{inner}</span>}
    </>
  );
}

function SortHeader({ column, sort, order, onSort, children }: { column: SortKey; sort: SortKey; order: SortOrder; onSort: (c: SortKey) => void; children: React.ReactNode }) {
  const { t } = useTranslation('rooms');
  const active = sort === column;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-3 py-2 text-left">
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          '-mx-2 inline-flex min-h-9 items-center gap-1 rounded-md px-2 font-semibold hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600',
          active ? 'text-stone-900' : 'text-stone-700',
        )}
      >
        {children}
        <Icon name={active && order === 'asc' ? 'up' : 'down'} className={cn('size-3.5', !active && 'opacity-30')} />
        <span className="sr-only">{active ? t(`movements.sorted.${order}`) : t('movements.sortable')}</span>
      </button>
    </th>
  );
}

function Reason({ m }: { m: Movement }) {
  if (!m.movement_reason && !m.notes) return <span className="text-stone-500">—</span>;
  return (
    <>
      {m.movement_reason && <span className="text-stone-900">{m.movement_reason}</span>}
      {m.notes && <span className="block text-xs text-stone-600">{m.notes}</span>}
    </>
  );
}

function MovementTable({ rows, sort, order, onSort }: { rows: Movement[]; sort: SortKey; order: SortOrder; onSort: (c: SortKey) => void }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-xs md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('movements.title')}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs">
          <tr>
            <SortHeader column="moved_at" sort={sort} order={order} onSort={onSort}>{t('movements.col.moved_at')}</SortHeader>
            <SortHeader column="plant_uid" sort={sort} order={order} onSort={onSort}>{t('movements.col.plant_uid')}</SortHeader>
            <SortHeader column="from_room" sort={sort} order={order} onSort={onSort}>{t('movements.col.from_room')}</SortHeader>
            <SortHeader column="to_room" sort={sort} order={order} onSort={onSort}>{t('movements.col.to_room')}</SortHeader>
            <SortHeader column="moved_by" sort={sort} order={order} onSort={onSort}>{t('movements.col.moved_by')}</SortHeader>
            <th scope="col" className="px-3 py-2 text-left font-semibold text-stone-700">{t('movements.col.reason')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((m) => (
            <tr key={m.movement_id} className="align-top hover:bg-stone-50">
              <td className="whitespace-nowrap px-3 py-2.5 text-stone-700">{formatDate(m.moved_at)}</td>
              <td className="whitespace-nowrap px-3 py-2.5 font-mono text-stone-900">{m.plant_uid}</td>
              <td className="px-3 py-2.5 text-stone-800"><Place room={m.from_room} box={m.from_gridbox} sub={m.from_sub_gridbox} /></td>
              <td className="px-3 py-2.5 text-stone-800"><Place room={m.to_room} box={m.to_gridbox} sub={m.to_sub_gridbox} /></td>
              <td className="whitespace-nowrap px-3 py-2.5 text-stone-800">{m.moved_by ?? '—'}</td>
              <td className="max-w-64 px-3 py-2.5"><Reason m={m} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MovementCards({ rows }: { rows: Movement[] }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={t('movements.title')}>
      {rows.map((m) => (
        <li key={m.movement_id} className="rounded-xl border border-stone-200 bg-white p-4 text-sm shadow-xs">
          <div className="flex items-baseline justify-between gap-2">
            <span className="font-mono font-semibold text-stone-900">{m.plant_uid}</span>
            <span className="text-xs text-stone-600">{formatDate(m.moved_at)}</span>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-stone-600">{t('movements.col.from_room')}</dt>
            <dd className="text-stone-900"><Place room={m.from_room} box={m.from_gridbox} sub={m.from_sub_gridbox} /></dd>
            <dt className="text-stone-600">{t('movements.col.to_room')}</dt>
            <dd className="text-stone-900"><Place room={m.to_room} box={m.to_gridbox} sub={m.to_sub_gridbox} /></dd>
            <dt className="text-stone-600">{t('movements.col.moved_by')}</dt>
            <dd className="text-stone-900">{m.moved_by ?? '—'}</dd>
          </dl>
          {(m.movement_reason || m.notes) && (
            <p className="mt-2 border-t border-stone-100 pt-2">
              <Reason m={m} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** rooms/movements: every plant move of the company, filtered by room and dates, sorted and paged by the server. */
export default function MovementsPage() {
  const { t } = useTranslation('rooms');
  const { companyID } = useAuth();
  const companyId = companyID ?? 0;
  const p = useHistoryParams();
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: Boolean(companyID) });

  const filters: MovementHistoryFilters = {
    ...(p.room ? { room_id: p.room } : {}),
    ...(p.from ? { start_date: p.from } : {}),
    ...(p.to ? { end_date: p.to } : {}),
    sort_by: p.sort,
    sort_order: p.order,
    limit: MOVEMENT_HISTORY_LIMIT,
    offset: p.page * MOVEMENT_HISTORY_LIMIT,
  };
  const history = useQuery({ ...movementHistoryQuery(companyId, filters), enabled: Boolean(companyID) });
  const filtered = Boolean(p.room || p.from || p.to);
  const total = history.data?.total_count ?? 0;
  const rows = history.data?.movements ?? [];

  const onSort = (column: SortKey) =>
    p.update({ sort: column, order: column === p.sort ? (p.order === 'asc' ? 'desc' : 'asc') : firstOrder(column) });
  const clear = () => p.clear();

  return (
    <>
      <PageHeader
        title={t('movements.title')}
        description={t('movements.description')}
        actions={
          <ButtonLink to={paths.rooms} variant="ghost">
            {t('room.allRooms')}
          </ButtonLink>
        }
      />

      <form
        aria-label={t('movements.filters')}
        onSubmit={(e) => e.preventDefault()}
        className="mb-4 grid grid-cols-2 gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs lg:grid-cols-[repeat(3,minmax(0,14rem))_auto] lg:items-start"
      >
        <div className="col-span-2 lg:col-span-1">
          <RoomFilterField filter={p} rooms={rooms.data?.rooms ?? []} labels={{ room: t('movements.room'), allRooms: t('movements.allRooms') }} />
        </div>
        <DateRangeFields filter={p} labels={{ from: t('movements.from'), to: t('movements.to'), dateOrder: t('movements.dateOrder') }} />
        <div className="col-span-2 flex flex-wrap items-end gap-2 empty:hidden lg:col-span-1 lg:self-end">
          <div className="min-w-0 flex-1 md:hidden">
            <Select
              label={t('movements.sortBy')}
              value={`${p.sort}:${p.order}`}
              onChange={(e) => {
                const [sort, order] = e.target.value.split(':');
                p.update({ sort, order });
              }}
              options={MOVEMENT_SORT_KEYS.flatMap((k) =>
                (['desc', 'asc'] as const).map((o) => ({ value: `${k}:${o}`, label: t(`movements.sortOption.${k}.${o}`) })),
              )}
            />
          </div>
          {filtered && (
            <Button variant="ghost" onClick={clear}>
              {t('movements.clear')}
            </Button>
          )}
        </div>
      </form>

      {history.isPending ? (
        <LoadingState />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        filtered || p.page > 0 ? (
          <EmptyState
            icon={<Icon name="history" className="size-10" />}
            title={t('movements.noMatchTitle')}
            description={t('movements.noMatchBody')}
            action={<Button variant="secondary" onClick={clear}>{t('movements.clear')}</Button>}
          />
        ) : (
          <EmptyState
            icon={<Icon name="history" className="size-10" />}
            title={t('movements.emptyTitle')}
            description={t('movements.emptyBody')}
            action={<ButtonLink to={paths.rooms}>{t('movements.toRooms')}</ButtonLink>}
          />
        )
      ) : (
        <div aria-busy={history.isFetching || undefined} className={cn('transition-opacity', history.isPlaceholderData && 'opacity-60')}>
          <MovementTable rows={rows} sort={p.sort} order={p.order} onSort={onSort} />
          <MovementCards rows={rows} />
          <Pager
            page={p.page}
            limit={MOVEMENT_HISTORY_LIMIT}
            total={total}
            label={t('movements.pages')}
            range={(r) => t('movements.range', r)}
            previousLabel={t('movements.previous')}
            nextLabel={t('movements.next')}
            onPage={(page) => p.update({ page: page > 0 ? String(page) : undefined }, true)}
          />
        </div>
      )}
    </>
  );
}
