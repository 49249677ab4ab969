import { useTranslation } from 'react-i18next';
import { gridBoxDisplayName, type RoomWithGrids } from '@verdant/contract';
import { cn } from '../../../lib/cn';
import { liveBoxIds, type LabelSelection } from '../lib/label-items';

/** Grids with more boxes than this offer "all boxes" only: thousands of toggles help nobody. */
export const BOX_CHOICE_MAX = 600;

type Kind = keyof LabelSelection;

export interface PlacePickerProps {
  rooms: readonly RoomWithGrids[];
  selection: LabelSelection;
  onToggle: (kind: Kind, ids: readonly number[], on: boolean) => void;
}

function Check({ checked, indeterminate, onChange, label }: { checked: boolean; indeterminate?: boolean; onChange: (on: boolean) => void; label: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-stone-800">
      <input
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={checked}
        ref={(el) => {
          if (el) el.indeterminate = Boolean(indeterminate);
        }}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/** Rooms → grids → boxes, each a tick; a grid's boxes all at once or one by one. */
export function PlacePicker({ rooms, selection, onToggle }: PlacePickerProps) {
  const { t } = useTranslation('labels');
  return (
    <ul className="divide-y divide-stone-200">
      {rooms.map((room) => (
        <li key={room.RoomID} className="py-2">
          <Check checked={selection.rooms.has(room.RoomID)} onChange={(on) => onToggle('rooms', [room.RoomID], on)} label={t('pick.roomLabel', { name: room.Name })} />
          {room.grids.length === 0 && <p className="ml-8 text-sm text-stone-600">{t('pick.noGrids')}</p>}
          <ul className="ml-8 flex flex-col gap-1">
            {room.grids.map((grid) => {
              const ids = liveBoxIds(grid);
              const chosen = ids.filter((id) => selection.boxes.has(id)).length;
              return (
                <li key={grid.id} className="rounded-lg bg-stone-50 px-3 py-1">
                  <Check checked={selection.grids.has(grid.id)} onChange={(on) => onToggle('grids', [grid.id], on)} label={t('pick.gridLabel', { name: grid.Name })} />
                  <Check
                    checked={ids.length > 0 && chosen === ids.length}
                    indeterminate={chosen > 0 && chosen < ids.length}
                    onChange={(on) => onToggle('boxes', ids, on)}
                    label={t('pick.allBoxes', { count: ids.length, chosen })}
                  />
                  {ids.length > 0 && ids.length <= BOX_CHOICE_MAX && (
                    <details className="pb-2">
                      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-800">{t('pick.chooseBoxes')}</summary>
                      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('pick.boxesOf', { name: grid.Name })}>
                        {grid.grid_boxes
                          .filter((b) => !b.culled)
                          .sort((a, b) => a.Y - b.Y || a.X - b.X)
                          .map((b) => {
                            const on = selection.boxes.has(b.id);
                            return (
                              <button
                                key={b.id}
                                type="button"
                                aria-pressed={on}
                                onClick={() => onToggle('boxes', [b.id], !on)}
                                className={cn(
                                  'min-h-11 min-w-11 rounded-md px-2 text-sm ring-1 ring-inset',
                                  on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-100',
                                )}
                              >
                                {gridBoxDisplayName(b.CustomName, b.X, b.Y)}
                              </button>
                            );
                          })}
                      </div>
                    </details>
                  )}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
