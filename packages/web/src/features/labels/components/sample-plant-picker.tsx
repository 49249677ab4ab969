import { useTranslation } from 'react-i18next';
import type { RoomSamplePlant, RoomWithGrids } from '@verdant/contract';
import { ErrorState, LoadingState, Select } from '../../../components/ui';

export interface SamplePlantPickerProps {
  rooms: readonly RoomWithGrids[];
  roomId: number | null;
  onRoom: (roomId: number | null) => void;
  plants: readonly RoomSamplePlant[] | undefined;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  chosen: ReadonlySet<number>;
  onToggle: (ids: readonly number[], on: boolean) => void;
}

/**
 * A room's sample plants of this week's sets (crop registration): each label's QR code opens that plant's
 * registration on the phone. All of the room's at once, or one by one.
 */
export function SamplePlantPicker({ rooms, roomId, onRoom, plants, pending, error, onRetry, chosen, onToggle }: SamplePlantPickerProps) {
  const { t } = useTranslation('labels');
  const ids = (plants ?? []).map((p) => p.sample_plant_id);
  const count = ids.filter((id) => chosen.has(id)).length;
  return (
    <div className="flex flex-col gap-3">
      <Select
        label={t('samples.room')}
        value={roomId === null ? '' : String(roomId)}
        onChange={(e) => onRoom(e.target.value ? Number(e.target.value) : null)}
        options={[{ value: '', label: t('samples.chooseRoom') }, ...rooms.map((r) => ({ value: String(r.RoomID), label: r.Name }))]}
      />
      {roomId === null ? null : pending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : ids.length === 0 ? (
        <p className="text-sm text-stone-600">{t('samples.none')}</p>
      ) : (
        <ul className="flex flex-col">
          <li>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-stone-900">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={count === ids.length}
                ref={(el) => {
                  if (el) el.indeterminate = count > 0 && count < ids.length;
                }}
                onChange={(e) => onToggle(ids, e.target.checked)}
              />
              {t('samples.all', { count: ids.length, chosen: count })}
            </label>
          </li>
          {plants!.map((p) => (
            <li key={p.sample_plant_id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 pl-4 text-sm text-stone-800">
                <input type="checkbox" className="size-5 accent-brand-700" checked={chosen.has(p.sample_plant_id)} onChange={(e) => onToggle([p.sample_plant_id], e.target.checked)} />
                <span>
                  {p.label}
                  <span className="text-stone-600"> · {p.crop_name}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
