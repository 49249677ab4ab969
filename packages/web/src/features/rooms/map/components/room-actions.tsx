import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, Spinner, useToast } from '../../../../components/ui';
import { Icon } from '../../../../components/icons';
import { cn } from '../../../../lib/cn';
import { paths } from '../../../../lib/paths';
import { roomProblemsQuery } from '../../../../api/queries/problems';
import { useMarkRoomScanned } from '../../api/use-rooms';
import { ScanDetailsToggle } from '../../scouting/components/scan-details';
import { ActionSheet } from './action-sheet';
import { PhoneLabel } from './phone-label';
import { ScanState } from './rooms-page';

/**
 * A phone tile (icon over a short label, four to a row, the primary one widest for its longer label) that becomes
 * an ordinary button from `sm` up. Its own classes, not Button's: tailwind classes do not override each other by order.
 */
const TILE =
  'flex min-h-14 min-w-0 flex-col items-center justify-center gap-0.5 rounded-lg px-1 py-1 text-center text-[11px] font-semibold leading-tight transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-55 sm:min-h-11 sm:flex-row sm:gap-2 sm:px-4 sm:text-sm';
const TONES = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary: 'bg-white text-stone-800 ring-1 ring-inset ring-stone-300 hover:bg-stone-100 active:bg-stone-200',
};

interface RoomActionsProps {
  room: { RoomID: number; Name: string; Scanned: boolean; ScannedDateTime: string | null; LastScannedBy: number | null };
  companyId: number;
  userId: number;
  online: boolean;
  onFillRoom: () => void;
  onAddGrid: () => void;
}

/**
 * The room's actions, at the top of the room: on a phone one row of four tiles (open problems, room form, mark
 * scanned, more) with the rest — all rooms, labels, add grid, scouting details — in a sheet; from `sm` up one
 * row of buttons. Under it, when the room was last scanned and by whom.
 */
export function RoomActions({ room, companyId, userId, online, onFillRoom, onAddGrid }: RoomActionsProps) {
  const { t } = useTranslation('rooms');
  const toast = useToast();
  const [more, setMore] = useState(false);
  const markRoom = useMarkRoomScanned(companyId, userId);
  const problems = useQuery({ ...roomProblemsQuery(companyId, room.RoomID), enabled: companyId > 0 && room.RoomID > 0 });
  const count = problems.data?.problems.length;
  const mark = () =>
    markRoom.mutate(room.RoomID, {
      onSuccess: () => toast.success(t('scan.roomMarked', { name: room.Name })),
      onError: () => toast.danger(t('scan.markFailed')),
    });
  const addGrid = () => {
    setMore(false);
    onAddGrid();
  };

  return (
    <div className="mb-3">
      <div role="group" aria-label={t('actions.label')} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,0.75fr)] gap-2 sm:flex sm:flex-wrap sm:items-center">
        <span className="hidden sm:contents">
          <ButtonLink to={paths.rooms} variant="ghost">
            {t('room.allRooms')}
          </ButtonLink>
        </span>
        <Link
          to={paths.unresolvedRoom(room.RoomID)}
          className={cn(TILE, TONES.secondary)}
          aria-label={count === undefined ? t('problems.manage') : t('problems.openCountLabel', { count })}
        >
          <Icon name="problems" className="size-5 shrink-0 sm:size-4" />
          <PhoneLabel
            short={count === undefined ? t('actions.problems') : t('actions.problemsCount', { count })}
            long={count === undefined ? t('problems.manage') : t('problems.openCount', { count })}
          />
        </Link>
        <button type="button" className={cn(TILE, TONES.secondary)} aria-label={t('fill.room')} onClick={onFillRoom}>
          <Icon name="form" className="size-5 shrink-0 sm:size-4" />
          <PhoneLabel short={t('actions.roomForm')} long={t('fill.room')} />
        </button>
        <span className="hidden sm:contents">
          <ButtonLink to={paths.labels({ roomId: room.RoomID })} variant="secondary">
            {t('app:nav.labels')}
          </ButtonLink>
          <Button variant="secondary" disabled={!online} onClick={onAddGrid}>
            {t('room.addGrid')}
          </Button>
        </span>
        <button
          type="button"
          className={cn(TILE, TONES.primary)}
          aria-label={t('scan.markRoom')}
          disabled={!online || markRoom.isPending}
          aria-busy={markRoom.isPending || undefined}
          onClick={mark}
        >
          {markRoom.isPending ? <Spinner size="sm" /> : <Icon name="check" className="size-5 shrink-0 sm:size-4" />}
          <PhoneLabel short={t('actions.markScanned')} long={t('scan.markRoom')} />
        </button>
        <button type="button" className={cn(TILE, TONES.secondary, 'sm:hidden')} aria-haspopup="dialog" aria-label={t('actions.moreLabel')} onClick={() => setMore(true)}>
          <Icon name="more" className="size-5 shrink-0" />
          <span aria-hidden="true">{t('actions.more')}</span>
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4">
        <ScanState scanned={room.Scanned} when={room.ScannedDateTime} by={room.LastScannedBy} />
        <ScanDetailsToggle kind="room" id={room.RoomID} name={room.Name} className="hidden sm:block" />
      </div>
      <ActionSheet open={more} onClose={() => setMore(false)} title={t('actions.title', { name: room.Name })}>
        <ButtonLink to={paths.rooms} variant="secondary" block>
          <Icon name="rooms" className="size-5" />
          {t('room.allRooms')}
        </ButtonLink>
        <ButtonLink to={paths.labels({ roomId: room.RoomID })} variant="secondary" block>
          <Icon name="qr" className="size-5" />
          {t('app:nav.labels')}
        </ButtonLink>
        <Button variant="secondary" block disabled={!online} onClick={addGrid} icon={<Icon name="grid" className="size-5" />}>
          {t('room.addGrid')}
        </Button>
        <ScanDetailsToggle kind="room" id={room.RoomID} name={room.Name} className="ml-2" />
      </ActionSheet>
    </div>
  );
}
