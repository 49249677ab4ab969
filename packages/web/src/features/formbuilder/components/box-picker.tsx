import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridBox, RoomWithGrids } from '@verdant/contract';
import { EmptyState, ErrorState, LoadingState, Select } from '../../../components/ui';
import { roomsQuery } from '../../../api/queries/rooms';

export interface BoxChoice {
  roomId: number | null;
  gridId: number | null;
  boxId: number | null;
}

export interface PickedBox {
  room: RoomWithGrids;
  gridName: string;
  box: GridBox;
}

/** The place a box has in its room, as staff read it off the map. */
export const boxName = (box: GridBox) => box.CustomName?.trim() || `${box.X},${box.Y}`;

export function findBox(rooms: RoomWithGrids[], boxId: number): { roomId: number; gridId: number } | null {
  for (const r of rooms) for (const g of r.grids) if (g.grid_boxes.some((b) => b.id === boxId)) return { roomId: r.RoomID, gridId: g.id };
  return null;
}

export function resolvePick(rooms: RoomWithGrids[] | undefined, choice: BoxChoice): PickedBox | null {
  const room = rooms?.find((r) => r.RoomID === choice.roomId);
  const grid = room?.grids.find((g) => g.id === choice.gridId);
  const box = grid?.grid_boxes.find((b) => b.id === choice.boxId);
  return room && grid && box ? { room, gridName: grid.Name, box } : null;
}

/** Room → grid → box, each a plain select (boxes in row order, culled ones left out). */
export function BoxPicker({ companyId, value, onChange, error }: { companyId: number; value: BoxChoice; onChange: (v: BoxChoice) => void; error?: string }) {
  const { t } = useTranslation('formbuilder');
  const rooms = useQuery({ ...roomsQuery(companyId), enabled: companyId > 0 });
  if (rooms.isPending) return <LoadingState />;
  if (rooms.isError) return <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />;
  const withGrids = rooms.data.rooms.filter((r) => r.grids.length > 0);
  if (withGrids.length === 0) return <EmptyState title={t('submit.noBoxesTitle')} description={t('submit.noBoxesBody')} />;
  const room = withGrids.find((r) => r.RoomID === value.roomId);
  const grid = room?.grids.find((g) => g.id === value.gridId);
  const boxes = (grid?.grid_boxes ?? []).filter((b) => !b.culled || b.id === value.boxId).sort((a, b) => a.Y - b.Y || a.X - b.X);

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Select
        label={t('submit.room')}
        value={value.roomId ? String(value.roomId) : ''}
        placeholder={t('submit.chooseRoom')}
        options={withGrids.map((r) => ({ value: String(r.RoomID), label: r.Name }))}
        onChange={(e) => {
          const next = withGrids.find((r) => String(r.RoomID) === e.target.value);
          onChange({ roomId: next?.RoomID ?? null, gridId: next?.grids.length === 1 ? next.grids[0]!.id : null, boxId: null });
        }}
      />
      <Select
        label={t('submit.grid')}
        value={value.gridId ? String(value.gridId) : ''}
        disabled={!room}
        placeholder={t('submit.chooseGrid')}
        options={(room?.grids ?? []).map((g) => ({ value: String(g.id), label: g.Name }))}
        onChange={(e) => onChange({ ...value, gridId: Number(e.target.value) || null, boxId: null })}
      />
      <Select
        label={t('submit.box')}
        value={value.boxId ? String(value.boxId) : ''}
        disabled={!grid}
        error={error}
        placeholder={t('submit.chooseBox')}
        options={boxes.map((b) => ({
          value: String(b.id),
          label: b.CustomName?.trim() ? t('submit.boxNamed', { name: b.CustomName.trim(), x: b.X, y: b.Y }) : t('submit.boxAt', { x: b.X, y: b.Y }),
        }))}
        onChange={(e) => onChange({ ...value, boxId: Number(e.target.value) || null })}
      />
    </div>
  );
}
