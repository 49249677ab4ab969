import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoomWithGrids } from '@verdant/contract';
import { Alert, Badge, Button, ButtonLink, ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, useToast } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { errorMessage } from '../../../../api/api-error';
import { useAuth } from '../../../../state/hooks';
import { watchQueuedRooms, type QueuedRoom } from '../../../../api/room-queue';
import { roomsQuery } from '../../../../api/queries/rooms';
import { useDeleteRoom, useResetScouting } from '../../api/use-rooms';
import { CreateRoomDialog } from './create-room-dialog';
import { useFormatDate } from '../../../../lib/format-date';
import { useUserNames } from './use-people';
import { paths } from '../../../../lib/paths';
import { CoverageBar } from '../../../../components/scouting-coverage/coverage-bar';
import { RoomThresholdBadge } from '../../../../components/threshold-level/threshold-level-badge';

function useQueuedRooms(companyId: number | null): QueuedRoom[] {
  const [rooms, setRooms] = useState<QueuedRoom[]>([]);
  useEffect(() => (companyId ? watchQueuedRooms(companyId, setRooms) : undefined), [companyId]);
  return rooms;
}

export function ScanState({ scanned, when, by }: { scanned: boolean; when: string | null; by: number | null }) {
  const { t } = useTranslation('rooms');
  const formatDate = useFormatDate();
  const names = useUserNames();
  if (!scanned) return <Badge tone="warning">{t('scan.notScanned')}</Badge>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge tone="success">
        <Icon name="check" className="size-3.5" />
        {t('scan.scanned')}
      </Badge>
      {when && (
        <span className="text-xs text-stone-600">
          {by ? t('scan.whenBy', { when: formatDate(when), who: names(by) }) : formatDate(when)}
        </span>
      )}
    </span>
  );
}

function RoomCard({ room, companyId, canDelete, onDelete }: { room: RoomWithGrids; companyId: number; canDelete: boolean; onDelete: () => void }) {
  const { t } = useTranslation('rooms');
  const boxes = room.grids.reduce((n, g) => n + g.grid_boxes.length, 0);
  return (
    <li className="relative flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs focus-within:ring-2 focus-within:ring-brand-600 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-stone-900">
            <Link to={paths.room(room.RoomID)} className="outline-none after:absolute after:inset-0 after:content-['']">
              {room.Name}
            </Link>
          </h2>
          {room.Description && <p className="mt-0.5 line-clamp-2 text-sm text-stone-600">{room.Description}</p>}
          <RoomThresholdBadge companyId={companyId} roomId={room.RoomID} className="mt-2" />
        </div>
        {canDelete && (
          <Button
            variant="ghost"
            size="md"
            className="relative z-10 -mr-2 -mt-1 text-red-800 hover:bg-red-50"
            aria-label={t('delete.label', { name: room.Name })}
            onClick={onDelete}
          >
            <Icon name="cross" className="size-5" />
          </Button>
        )}
      </div>
      <p className="text-sm text-stone-700">
        {t('list.counts', { grids: room.grids.length, boxes, count: room.grids.length })}
      </p>
      <ScanState scanned={room.Scanned} when={room.ScannedDateTime} by={room.LastScannedBy} />
      <CoverageBar companyId={companyId} roomId={room.RoomID} />
    </li>
  );
}

export default function RoomsPage() {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const { companyID, userRole } = useAuth();
  const companyId = companyID ?? 0;
  const isAdmin = userRole === 'Admin' || userRole === 'SuperAdmin';
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: Boolean(companyID) });
  const queued = useQueuedRooms(companyID);
  const [createOpen, setCreateOpen] = useState(false);
  const [toDelete, setToDelete] = useState<RoomWithGrids | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const del = useDeleteRoom(companyId);
  const reset = useResetScouting(companyId);

  const sorted = useMemo(
    () => [...(rooms.data?.rooms ?? [])].sort((a, b) => a.Name.localeCompare(b.Name, undefined, { numeric: true })),
    [rooms.data],
  );
  const deleteBoxes = toDelete ? toDelete.grids.reduce((n, g) => n + g.grid_boxes.length, 0) : 0;

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <div className="flex w-full flex-wrap sm:w-auto">
              <ButtonLink to={paths.roomMovements} variant="ghost" className="whitespace-nowrap px-3">
                <Icon name="history" className="size-4" />
                {t('list.movements')}
              </ButtonLink>
              <ButtonLink to={paths.roomTemplates()} variant="ghost" className="whitespace-nowrap px-3">
                <Icon name="grid" className="size-4" />
                {t('list.templates')}
              </ButtonLink>
              <ButtonLink to={paths.roomTransfer} variant="ghost" className="whitespace-nowrap px-3">
                <Icon name="down" className="size-4" />
                {t('list.transfer')}
              </ButtonLink>
            </div>
            {isAdmin && (
              <Button variant="secondary" onClick={() => setConfirmReset(true)}>
                {t('reset.button')}
              </Button>
            )}
            <ButtonLink to={paths.gridForm()} variant="secondary">
              {t('list.newGrid')}
            </ButtonLink>
            <Button onClick={() => setCreateOpen(true)}>{t('list.newRoom')}</Button>
          </>
        }
      />

      {rooms.data?.fromCache && (
        <Alert tone="warning" className="mb-4" title={t('offline.title')}>
          {t('offline.listBody')}
        </Alert>
      )}

      {queued.length > 0 && (
        <section aria-labelledby="queued-rooms" className="mb-6">
          <h2 id="queued-rooms" className="mb-2 text-sm font-semibold text-stone-800">
            {t('queue.title', { count: queued.length })}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {queued.map((q) => (
              <li key={q.id} className="rounded-xl border border-dashed border-amber-400 bg-amber-50 p-4">
                <p className="font-semibold text-stone-900">{q.name}</p>
                {q.description && <p className="mt-0.5 text-sm text-stone-700">{q.description}</p>}
                <Badge tone="warning" className="mt-2">
                  {t('queue.waiting')}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}

      {rooms.isPending ? (
        <LoadingState />
      ) : rooms.isError ? (
        <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
      ) : sorted.length === 0 && queued.length === 0 ? (
        <EmptyState
          icon={<Icon name="rooms" className="size-10" />}
          title={t('list.emptyTitle')}
          description={t('list.emptyBody')}
          action={<Button onClick={() => setCreateOpen(true)}>{t('list.newRoom')}</Button>}
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('list.title')}>
          {sorted.map((room) => (
            <RoomCard key={room.RoomID} room={room} companyId={companyId} canDelete={isAdmin} onDelete={() => setToDelete(room)} />
          ))}
        </ul>
      )}

      {companyID && <CreateRoomDialog open={createOpen} onClose={() => setCreateOpen(false)} companyId={companyID} />}

      <ConfirmDialog
        open={toDelete !== null}
        destructive
        title={t('delete.title', { name: toDelete?.Name ?? '' })}
        description={t('delete.body', { grids: toDelete?.grids.length ?? 0, boxes: deleteBoxes })}
        confirmLabel={t('delete.confirm')}
        loading={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          del.mutate(toDelete.RoomID, {
            onSuccess: () => {
              toast.success(t('delete.done', { name: toDelete.Name }));
              setToDelete(null);
            },
            onError: () => toast.danger(t('delete.failed')),
          })
        }
      />

      <ConfirmDialog
        open={confirmReset}
        title={t('reset.title')}
        description={t('reset.body')}
        confirmLabel={t('reset.confirm')}
        loading={reset.isPending}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: (res) => {
              toast.success(t('reset.done', { rooms: res.rooms_reset, grids: res.grids_reset }));
              setConfirmReset(false);
            },
            onError: (err) => toast.danger(t('reset.failed', { reason: errorMessage(err) })),
          })
        }
      />
    </>
  );
}
