import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoomWithGrids } from '@verdant/contract';
import { roomListQuery } from '../../api/queries/rooms';
import { roomsKept, saveOfflineRooms, useOfflineRooms } from '../../lib/offline-rooms';
import { Alert, Button, Dialog, ErrorState, LoadingText } from '../ui';

type Mode = 'all' | 'chosen';

/** "Rooms on this device: all (4)" / "2 of 4 rooms", from the rooms already read (the line itself reads nothing). */
export function roomsLine(t: (key: string, values?: Record<string, unknown>) => string, chosen: number[] | null, rooms: RoomWithGrids[] | undefined): string {
  if (chosen === null) return rooms ? t('roomsAll', { total: rooms.length }) : t('roomsAllUnknown');
  return rooms ? t('roomsSome', { kept: roomsKept(rooms, chosen).length, total: rooms.length }) : t('roomsSomeUnknown', { kept: chosen.length });
}

interface ChooserProps {
  companyId: number;
  userId: number;
  online: boolean;
  /** Starts a fill with the new choice (useOfflineReadiness's `refill`). */
  refill: () => void;
}

/**
 * The rooms this device keeps for offline use (issue 19): a line in the full readiness and a dialog to choose
 * them. Saving starts a fill; offline the choice is kept and the fill runs when the connection returns.
 */
export function OfflineRoomsChooser({ companyId, userId, online, refill }: ChooserProps) {
  const { t } = useTranslation('offline-status');
  const chosen = useOfflineRooms(companyId, userId);
  const [open, setOpen] = useState(false);
  // Reads the rooms only while choosing; the line shows what the screens (or the fill) already read.
  const rooms = useQuery({ ...roomListQuery(companyId), enabled: open });

  const save = (roomIds: number[] | null) => {
    saveOfflineRooms(companyId, userId, roomIds);
    setOpen(false);
    if (online) refill();
    else window.addEventListener('online', refill, { once: true });
  };

  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-2 text-xs text-stone-700">
      <span data-testid="offline-rooms">{roomsLine(t, chosen, rooms.data)}</span>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-9 rounded-md px-2 text-xs font-medium text-brand-800 underline-offset-2 hover:bg-stone-100 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('chooseRooms')}
      </button>
      {/* Out of the user menu: a closed menu hides what it holds, the dialog included. */}
      {open &&
        createPortal(
          <RoomsDialog
            rooms={rooms.data}
            error={rooms.error}
            pending={rooms.isPending}
            chosen={chosen}
            online={online}
            onCancel={() => setOpen(false)}
            onSave={save}
          />,
          document.body,
        )}
    </div>
  );
}

interface DialogProps {
  rooms: RoomWithGrids[] | undefined;
  error: unknown;
  pending: boolean;
  chosen: number[] | null;
  online: boolean;
  onCancel: () => void;
  onSave: (roomIds: number[] | null) => void;
}

export function RoomsDialog({ rooms, error, pending, chosen, online, onCancel, onSave }: DialogProps) {
  const { t } = useTranslation('offline-status');
  const [mode, setMode] = useState<Mode>(chosen === null ? 'all' : 'chosen');
  const [picked, setPicked] = useState<number[]>(chosen ?? []);
  const [refused, setRefused] = useState(false);
  const existing = rooms ? roomsKept(rooms, picked).map((r) => r.RoomID) : [];

  const toggle = (roomId: number, on: boolean) => {
    setRefused(false);
    setMode('chosen');
    setPicked((ids) => (on ? [...ids, roomId] : ids.filter((id) => id !== roomId)));
  };
  const submit = () => {
    if (mode === 'all') return onSave(null);
    if (!existing.length) return setRefused(true);
    onSave(existing);
  };
  const radio = 'flex min-h-11 items-center gap-3 text-sm font-medium';

  return (
    <Dialog
      open
      onClose={onCancel}
      title={t('roomsTitle')}
      description={t('roomsHelp')}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} disabled={!rooms}>
            {t('save')}
          </Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">{t('roomsTitle')}</legend>
        <label className={radio}>
          <input type="radio" name="offline-rooms" className="size-5 accent-brand-700" checked={mode === 'all'} onChange={() => { setMode('all'); setRefused(false); }} />
          {t('roomsAllOption')}
        </label>
        <label className={radio}>
          <input type="radio" name="offline-rooms" className="size-5 accent-brand-700" checked={mode === 'chosen'} onChange={() => setMode('chosen')} />
          {t('roomsChosenOption')}
        </label>
      </fieldset>
      {pending && !rooms && <LoadingText />}
      {!!error && !rooms && <ErrorState error={error} />}
      {rooms && rooms.length === 0 && <p className="text-sm text-stone-600">{t('roomsNone')}</p>}
      {rooms && rooms.length > 0 && (
        <ul className="ml-2 mt-1 flex max-h-[45vh] flex-col overflow-y-auto border-l-2 border-stone-200 pl-4" aria-label={t('roomsChosenOption')}>
          {rooms.map((room) => (
            <li key={room.RoomID}>
              <label className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-700"
                  checked={mode === 'all' || picked.includes(room.RoomID)}
                  onChange={(e) => toggle(room.RoomID, e.target.checked)}
                  disabled={mode === 'all'}
                />
                <span className="min-w-0 break-words">{room.Name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {refused && (
        <Alert tone="warning" className="mt-3">
          {t('roomsEmpty')}
        </Alert>
      )}
      {!online && <p className="mt-3 text-xs text-stone-600">{t('roomsOffline')}</p>}
    </Dialog>
  );
}
