import { Input, Select } from '../ui';
import type { RoomDateFilter } from './use-room-date-filter';

interface RoomProps {
  filter: RoomDateFilter;
  rooms: ReadonlyArray<{ RoomID: number; Name: string }>;
  /** The page's own words (each feature keeps its texts in its namespace). */
  labels: { room: string; allRooms: string };
}

/** The room control of a list's filter bar ("all rooms" first). */
export function RoomFilterField({ filter, rooms, labels }: RoomProps) {
  return (
    <Select
      label={labels.room}
      value={filter.room ? String(filter.room) : ''}
      onChange={(e) => filter.setRoom(e.target.value)}
      options={[{ value: '', label: labels.allRooms }, ...rooms.map((r) => ({ value: String(r.RoomID), label: r.Name }))]}
    />
  );
}

interface DateProps {
  filter: RoomDateFilter;
  labels: { from: string; to: string; dateOrder: string };
}

/** The first and last day of a list's filter bar; a range the wrong way round is said under "to". */
export function DateRangeFields({ filter, labels }: DateProps) {
  const { typed } = filter;
  return (
    <>
      <Input label={labels.from} type="date" value={typed.from} max={typed.to || undefined} onChange={(e) => filter.setDate('from', e.target.value)} />
      <Input
        label={labels.to}
        type="date"
        value={typed.to}
        min={typed.from || undefined}
        error={filter.dateOrderWrong ? labels.dateOrder : undefined}
        onChange={(e) => filter.setDate('to', e.target.value)}
      />
    </>
  );
}
