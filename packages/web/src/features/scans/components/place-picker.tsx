import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScanType } from '@verdant/contract';
import { roomListQuery } from '../../../api/queries/rooms';
import { ErrorState, LoadingState, Select } from '../../../components/ui';

/** Where the plant is: a room, optionally one of its grids, optionally one box of that grid. */
export interface ScanPlace {
  roomId?: number;
  gridId?: number;
  boxId?: number;
}

/** A box scan when a box is picked, a grid scan when a grid is, else a room scan. */
export function scanTypeOf(place: ScanPlace): ScanType | null {
  if (place.boxId) return 'box';
  if (place.gridId) return 'grid';
  if (place.roomId) return 'room';
  return null;
}

const num = (v: string) => (v ? Number(v) : undefined);

export function PlacePicker({ companyId, value, onChange }: { companyId: number; value: ScanPlace; onChange: (p: ScanPlace) => void }) {
  const { t } = useTranslation('scans');
  const rooms = useQuery(roomListQuery(companyId));
  if (rooms.isPending) return <LoadingState />;
  if (rooms.isError) return <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />;
  const room = rooms.data.find((r) => r.RoomID === value.roomId);
  const grid = room?.grids.find((g) => g.id === value.gridId);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Select
        label={t('place.room')}
        value={value.roomId ? String(value.roomId) : ''}
        placeholder={t('place.pickRoom')}
        options={rooms.data.map((r) => ({ value: String(r.RoomID), label: r.Name }))}
        onChange={(e) => onChange({ roomId: num(e.target.value) })}
      />
      <Select
        label={t('place.grid')}
        value={value.gridId ? String(value.gridId) : ''}
        disabled={!room}
        options={[{ value: '', label: t('place.wholeRoom') }, ...(room?.grids ?? []).map((g) => ({ value: String(g.id), label: g.Name }))]}
        onChange={(e) => onChange({ roomId: value.roomId, gridId: num(e.target.value) })}
      />
      <Select
        label={t('place.box')}
        value={value.boxId ? String(value.boxId) : ''}
        disabled={!grid}
        options={[
          { value: '', label: t('place.wholeGrid') },
          ...(grid?.grid_boxes ?? [])
            .filter((b) => !b.culled)
            .map((b) => ({ value: String(b.id), label: b.CustomName ? `${b.CustomName} (${b.X}, ${b.Y})` : t('place.boxAt', { x: b.X, y: b.Y }) })),
        ]}
        onChange={(e) => onChange({ ...value, boxId: num(e.target.value) })}
      />
    </div>
  );
}
