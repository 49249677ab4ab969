import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoomWithGrids } from '@verdant/contract';
import { ErrorState, LoadingState, Select } from '../../../components/ui';
import type { CapturePlace } from '../lib/frames';

const num = (v: string) => (v ? Number(v) : undefined);

/** Room, then optionally a grid, then optionally one of its boxes (culled boxes are not offered). */
export function PlaceSelects({ rooms, value, onChange }: { rooms: UseQueryResult<RoomWithGrids[]>; value: CapturePlace; onChange: (p: CapturePlace) => void }) {
  const { t } = useTranslation('video-capture');
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

/** "Room › Grid › Box 2, 1": how the outbox names a video scan still on the phone. */
export function placeName(rooms: RoomWithGrids[] | undefined, p: CapturePlace, boxAt: (x: number, y: number) => string): string {
  const room = rooms?.find((r) => r.RoomID === p.roomId);
  const grid = room?.grids.find((g) => g.id === p.gridId);
  const box = grid?.grid_boxes.find((b) => b.id === p.boxId);
  return [room?.Name, grid?.Name, box ? box.CustomName || boxAt(box.X, box.Y) : null].filter(Boolean).join(' › ');
}
