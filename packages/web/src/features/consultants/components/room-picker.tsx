import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { roomListQuery } from '../../../api/queries/rooms';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui';

/** The company's rooms as checkboxes: which rooms a consultant may read. */
export function RoomPicker({
  companyId,
  selected,
  onChange,
  error,
}: {
  companyId: number;
  selected: number[];
  onChange: (roomIds: number[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('consultants');
  const rooms = useQuery(roomListQuery(companyId));
  const toggle = (roomId: number, on: boolean) => onChange(on ? [...selected, roomId] : selected.filter((id) => id !== roomId));

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-stone-900">{t('rooms.legend')}</legend>
      <p className="text-sm text-stone-600">{t('rooms.help')}</p>
      {rooms.isPending ? (
        <LoadingState />
      ) : rooms.isError ? (
        <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
      ) : rooms.data.length === 0 ? (
        <EmptyState title={t('rooms.noneTitle')} description={t('rooms.none')} />
      ) : (
        <ul className="mt-2 grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
          {rooms.data.map((room) => (
            <li key={room.RoomID}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-stone-50">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={selected.includes(room.RoomID)}
                  onChange={(e) => toggle(room.RoomID, e.target.checked)}
                />
                <span className="text-sm text-stone-900">{room.Name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
