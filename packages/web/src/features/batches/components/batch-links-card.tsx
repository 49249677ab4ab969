import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Button, Card, EmptyState, ErrorState, LoadingState, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../api/api-error';
import { batchRoomsQuery } from '../../../api/queries/batches';
import { roomListQuery } from '../../../api/queries/rooms';
import { useLinkBatch } from '../api/use-batch-info';
import { useFormatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';

const boxName = (b: { CustomName: string | null; X: number; Y: number }) => b.CustomName?.trim() || `${b.X},${b.Y}`;

/** Where the batch stands (its rooms) and linking it to a room, a grid and grid boxes: room → grid → boxes. */
export function BatchLinksCard({ companyId, batchId, readOnly, onMove }: { companyId: number; batchId: number; readOnly: boolean; onMove: () => void }) {
  const { t } = useTranslation('batches');
  const toast = useToast();
  const when = useFormatDate();
  const batchRooms = useQuery(batchRoomsQuery(companyId, batchId));
  const rooms = useQuery(roomListQuery(companyId));
  const link = useLinkBatch(companyId, batchId);
  const [roomId, setRoomId] = useState('');
  const [gridId, setGridId] = useState('');
  const [boxes, setBoxes] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  const room = rooms.data?.find((r) => String(r.RoomID) === roomId);
  const grid = room?.grids.find((g) => String(g.id) === gridId);
  const sortedBoxes = useMemo(() => [...(grid?.grid_boxes ?? [])].sort((a, b) => a.Y - b.Y || a.X - b.X), [grid]);

  const run = (target: Parameters<typeof link.mutate>[0], done: string) => {
    setError(null);
    link.mutate(target, {
      onSuccess: () => {
        toast.success(done);
        if (target.kind === 'boxes') setBoxes([]);
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };
  const toggleBox = (id: number) => setBoxes((b) => (b.includes(id) ? b.filter((x) => x !== id) : [...b, id]));

  return (
    <Card
      aria-label={t('links.title')}
      title={t('links.title')}
      description={t('links.description')}
      actions={
        <Button variant="secondary" onClick={onMove} disabled={readOnly || !batchRooms.data?.length}>
          {t('move.open')}
        </Button>
      }
    >
      {batchRooms.isPending ? (
        <LoadingState />
      ) : batchRooms.isError ? (
        <ErrorState error={batchRooms.error} onRetry={() => void batchRooms.refetch()} />
      ) : batchRooms.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('links.noRooms')}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={t('links.roomsList')}>
          {batchRooms.data.map((r) => (
            <li key={r.RoomID} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <Link to={paths.room(r.RoomID)} className="font-medium text-brand-800 underline underline-offset-2">
                {r.Name}
              </Link>
              <span className="text-stone-600">{t('links.since', { when: when(r.linked_at) })}</span>
            </li>
          ))}
        </ul>
      )}

      <fieldset className="mt-5 flex flex-col gap-3 border-t border-stone-200 pt-4" disabled={readOnly}>
        <legend className="sr-only">{t('links.linkLegend')}</legend>
        <h3 className="text-sm font-semibold text-stone-800">{t('links.linkTitle')}</h3>
        {readOnly && <Alert tone="info">{t('harvested.readOnly')}</Alert>}
        {rooms.isPending ? (
          <LoadingState />
        ) : rooms.isError ? (
          <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
        ) : rooms.data.length === 0 ? (
          <EmptyState title={t('links.noCompanyRooms')} description={t('links.noCompanyRoomsHint')} />
        ) : (
          <>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <Select
                label={t('links.room')}
                value={roomId}
                placeholder={t('links.pickRoom')}
                onChange={(e) => {
                  setRoomId(e.target.value);
                  setGridId('');
                  setBoxes([]);
                }}
                options={rooms.data.map((r) => ({ value: String(r.RoomID), label: r.Name }))}
                className="sm:min-w-56"
              />
              <Button disabled={!room} loading={link.isPending && link.variables?.kind === 'room'} onClick={() => room && run({ kind: 'room', roomId: room.RoomID }, t('links.roomLinked', { name: room.Name }))}>
                {t('links.linkRoom')}
              </Button>
            </div>
            {room && (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <Select
                  label={t('links.grid')}
                  value={gridId}
                  placeholder={room.grids.length ? t('links.pickGrid') : t('links.noGrids')}
                  onChange={(e) => {
                    setGridId(e.target.value);
                    setBoxes([]);
                  }}
                  options={room.grids.map((g) => ({ value: String(g.id), label: g.Name }))}
                  className="sm:min-w-56"
                />
                <Button disabled={!grid} loading={link.isPending && link.variables?.kind === 'grid'} onClick={() => grid && run({ kind: 'grid', gridId: grid.id }, t('links.gridLinked', { name: grid.Name }))}>
                  {t('links.linkGrid')}
                </Button>
              </div>
            )}
            {grid && (
              <div className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span id="box-picker-label" className="text-sm font-medium text-stone-800">
                    {t('links.boxes', { count: boxes.length })}
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => setBoxes(boxes.length === sortedBoxes.length ? [] : sortedBoxes.map((b) => b.id))}>
                    {boxes.length === sortedBoxes.length ? t('list.selectNone') : t('list.selectAll')}
                  </Button>
                </div>
                <div role="group" aria-labelledby="box-picker-label" className="flex max-h-56 flex-wrap gap-1.5 overflow-y-auto rounded-lg border border-stone-200 p-2">
                  {sortedBoxes.map((b) => (
                    <button
                      key={b.id}
                      type="button"
                      aria-pressed={boxes.includes(b.id)}
                      onClick={() => toggleBox(b.id)}
                      className="min-h-11 min-w-11 rounded-md border border-stone-300 px-2 text-xs font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
                    >
                      {boxName(b)}
                    </button>
                  ))}
                </div>
                <Button
                  className="self-start"
                  disabled={!boxes.length}
                  loading={link.isPending && link.variables?.kind === 'boxes'}
                  onClick={() => run({ kind: 'boxes', boxIds: boxes }, t('links.boxesLinked', { count: boxes.length }))}
                >
                  {t('links.linkBoxes', { count: boxes.length })}
                </Button>
              </div>
            )}
          </>
        )}
        {error && <Alert tone="danger">{error}</Alert>}
      </fieldset>
    </Card>
  );
}
