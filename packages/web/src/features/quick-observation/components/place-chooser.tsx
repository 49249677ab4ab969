import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridBoxDisplayName, type RoomWithGrids } from '@verdant/contract';
import { Button, Select } from '../../../components/ui';
import type { LastPlace } from '../../../lib/last-place';

export interface PlaceChooserProps {
  rooms: readonly RoomWithGrids[];
  /** A grid to start in (a scanned grid label). */
  startGridId?: number | null;
  onChoose: (place: Omit<LastPlace, 'at'>) => void;
}

/** Room → grid → box as three selects; a room alone takes a room-wide observation. */
export function PlaceChooser({ rooms, startGridId, onChoose }: PlaceChooserProps) {
  const { t } = useTranslation('quick-observation');
  const startRoom = startGridId ? rooms.find((r) => r.grids.some((g) => g.id === startGridId)) : undefined;
  const [roomId, setRoomId] = useState<number | null>(startRoom?.RoomID ?? null);
  const [gridId, setGridId] = useState<number | null>(startRoom ? startGridId! : null);
  const [boxId, setBoxId] = useState<number | null>(null);
  const room = rooms.find((r) => r.RoomID === roomId);
  const grid = room?.grids.find((g) => g.id === gridId);
  const boxes = (grid?.grid_boxes ?? []).filter((b) => !b.culled).sort((a, b) => a.Y - b.Y || a.X - b.X);
  const box = boxes.find((b) => b.id === boxId);

  return (
    <div className="flex flex-col gap-4">
      <Select
        label={t('choose.room')}
        value={roomId ? String(roomId) : ''}
        placeholder={t('choose.pickRoom')}
        options={rooms.map((r) => ({ value: String(r.RoomID), label: r.Name }))}
        onChange={(e) => {
          const next = rooms.find((r) => String(r.RoomID) === e.target.value);
          setRoomId(next?.RoomID ?? null);
          setGridId(next?.grids.length === 1 ? next.grids[0]!.id : null);
          setBoxId(null);
        }}
      />
      {room && room.grids.length > 0 && (
        <Select
          label={t('choose.grid')}
          value={gridId ? String(gridId) : ''}
          placeholder={t('choose.pickGrid')}
          options={room.grids.map((g) => ({ value: String(g.id), label: g.Name }))}
          onChange={(e) => {
            setGridId(Number(e.target.value) || null);
            setBoxId(null);
          }}
        />
      )}
      {grid && (
        <Select
          label={t('choose.box')}
          value={boxId ? String(boxId) : ''}
          placeholder={t('choose.pickBox')}
          options={boxes.map((b) => ({ value: String(b.id), label: gridBoxDisplayName(b.CustomName, b.X, b.Y) }))}
          onChange={(e) => setBoxId(Number(e.target.value) || null)}
        />
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          size="lg"
          disabled={!box || !grid || !room}
          onClick={() => box && grid && room && onChoose({ kind: 'box', id: box.id, label: `${gridBoxDisplayName(box.CustomName, box.X, box.Y)} · ${room.Name} › ${grid.Name}` })}
        >
          {box ? t('choose.useBox', { name: gridBoxDisplayName(box.CustomName, box.X, box.Y) }) : t('choose.useBoxNone')}
        </Button>
        {room && (
          <Button size="lg" variant="secondary" onClick={() => onChoose({ kind: 'room', id: room.RoomID, label: room.Name })}>
            {t('choose.useRoom', { name: room.Name })}
          </Button>
        )}
      </div>
    </div>
  );
}
