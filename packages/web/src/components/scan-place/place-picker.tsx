import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roomListQuery } from '../../api/queries/rooms';
import { ErrorState, LoadingState, Select } from '../ui';
import type { ScanPlace } from './scan-place';

const num = (v: string) => (v ? Number(v) : undefined);

/** Room, then optionally a grid, then optionally one of its boxes (culled boxes are not offered). */
export function PlacePicker({ companyId, value, onChange }: { companyId: number; value: ScanPlace; onChange: (p: ScanPlace) => void }) {
  const { t } = useTranslation('scan-place');
  const rooms = useQuery(roomListQuery(companyId));
  if (rooms.isPending) return <LoadingState />;
  if (rooms.isError) return <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />;
  const room = rooms.data.find((r) => r.RoomID === value.roomId);
  const grid = room?.grids.find((g) => g.id === value.gridId);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Select
        label={t('room')}
        value={value.roomId ? String(value.roomId) : ''}
        placeholder={t('pickRoom')}
        options={rooms.data.map((r) => ({ value: String(r.RoomID), label: r.Name }))}
        onChange={(e) => onChange({ roomId: num(e.target.value) })}
      />
      <Select
        label={t('grid')}
        value={value.gridId ? String(value.gridId) : ''}
        disabled={!room}
        options={[{ value: '', label: t('wholeRoom') }, ...(room?.grids ?? []).map((g) => ({ value: String(g.id), label: g.Name }))]}
        onChange={(e) => onChange({ roomId: value.roomId, gridId: num(e.target.value) })}
      />
      <Select
        label={t('box')}
        value={value.boxId ? String(value.boxId) : ''}
        disabled={!grid}
        options={[
          { value: '', label: t('wholeGrid') },
          ...(grid?.grid_boxes ?? [])
            .filter((b) => !b.culled)
            .map((b) => ({ value: String(b.id), label: b.CustomName ? `${b.CustomName} (${b.X}, ${b.Y})` : t('boxAt', { x: b.X, y: b.Y }) })),
        ]}
        onChange={(e) => onChange({ ...value, boxId: num(e.target.value) })}
      />
    </div>
  );
}
