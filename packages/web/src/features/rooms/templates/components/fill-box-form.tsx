import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridTemplate } from '@verdant/contract';
import { Alert, Button, EmptyState, ErrorState, Input, LoadingState, Select } from '../../../../components/ui';
import { errorMessage } from '../../../../api/api-error';
import { useAuth } from '../../../../state/hooks';
import { boxLabel } from '../../lib/box-label';
import { roomsQuery } from '../../../../api/queries/rooms';
import { useFillBoxFromTemplate } from '../api/use-templates';

/**
 * Use a SubGrid template from the templates page: the grid box is named by room, grid and its
 * column and row, the way staff read positions off the map (a list of 10,000 boxes would not do).
 */
export function FillBoxForm({
  template,
  onDone,
  onCancel,
}: {
  template: GridTemplate;
  onDone: (result: { count: number; box: string; roomId: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rooms');
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: Boolean(companyID) });
  const fill = useFillBoxFromTemplate(companyId, userId ?? 0);
  const [roomId, setRoomId] = useState('');
  const [gridId, setGridId] = useState('');
  const [x, setX] = useState('1');
  const [y, setY] = useState('1');
  const [autoPlants, setAutoPlants] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (rooms.isPending) return <LoadingState />;
  if (rooms.isError) return <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />;
  const withGrids = rooms.data.rooms.filter((r) => r.grids.length > 0);
  if (withGrids.length === 0) return <EmptyState title={t('templates.fill.noGridsTitle')} description={t('templates.fill.noGridsBody')} />;

  const room = withGrids.find((r) => String(r.RoomID) === roomId);
  const grid = room?.grids.length === 1 ? room.grids[0] : room?.grids.find((g) => String(g.id) === gridId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!room) next.room = t('grid.roomRequired');
    else if (!grid) next.grid = t('templates.fill.gridRequired');
    const box = grid?.grid_boxes.find((b) => b.X === Number(x) && b.Y === Number(y));
    if (grid && !box) next.position = t('templates.fill.noBox', { x, y, nx: grid.nx, ny: grid.ny });
    setErrors(next);
    if (Object.keys(next).length || !box || !room) return;
    fill.mutate(
      { templateId: template.template_id, boxId: box.id, autoInitializePlants: autoPlants },
      { onSuccess: (res) => onDone({ count: res.created_count, box: boxLabel(box), roomId: room.RoomID }) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Select
        label={t('grid.room')}
        value={roomId}
        required
        placeholder={t('grid.chooseRoom')}
        error={errors.room}
        options={withGrids.map((r) => ({ value: String(r.RoomID), label: r.Name }))}
        onChange={(e) => {
          setRoomId(e.target.value);
          setGridId('');
        }}
      />
      {room && room.grids.length > 1 && (
        <Select
          label={t('templates.fill.grid')}
          value={gridId}
          required
          placeholder={t('templates.fill.chooseGrid')}
          error={errors.grid}
          options={room.grids.map((g) => ({ value: String(g.id), label: t('grid.templateOption', { name: g.Name, nx: g.nx, ny: g.ny }) }))}
          onChange={(e) => setGridId(e.target.value)}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <Input label={t('templates.fill.column')} type="number" inputMode="numeric" min={1} max={grid?.nx} value={x} required onChange={(e) => setX(e.target.value)} />
        <Input label={t('templates.fill.row')} type="number" inputMode="numeric" min={1} max={grid?.ny} value={y} required onChange={(e) => setY(e.target.value)} />
      </div>
      {errors.position && (
        <p role="alert" className="-mt-2 text-sm font-medium text-red-700">
          {errors.position}
        </p>
      )}
      <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
        <input type="checkbox" className="size-5 accent-brand-700" checked={autoPlants} onChange={(e) => setAutoPlants(e.target.checked)} />
        {t('subs.autoPlants')}
      </label>
      {fill.isError && (
        <Alert tone="danger" title={t('templates.fill.failed')}>
          {errorMessage(fill.error)}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('app:ui.cancel')}
        </Button>
        <Button type="submit" loading={fill.isPending}>
          {t('templates.fill.submit', { count: template.rows * template.columns })}
        </Button>
      </div>
    </form>
  );
}
