import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { updateRoomScroll } from '../../../../api/room-scroll';
import { errorMessage } from '../../../../api/api-error';
import { roomScrollQuery } from '../../../../api/queries/rooms';

const SCROLL_SAVE_DELAY_MS = 1000;

/** Remembers the map's scroll position per room (StartScroll): restored once, saved after scrolling stops. */
export function useRoomScroll(companyId: number, roomId: number, fallback: number | undefined, ready: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const online = useOnlineStatus();
  const scroll = useQuery({ ...roomScrollQuery(companyId, roomId), enabled: online && ready });
  const restored = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<number | null>(null);

  const start = scroll.data ?? (scroll.isFetching ? undefined : fallback);
  useLayoutEffect(() => {
    if (restored.current || !ready || start === undefined || !ref.current) return;
    ref.current.scrollTop = start;
    restored.current = true;
  }, [ready, start]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = pending.current;
    pending.current = null;
    if (value === null || !navigator.onLine) return;
    updateRoomScroll(companyId, roomId, value).catch((err: unknown) => console.warn('Could not save the scroll position', errorMessage(err)));
  }, [companyId, roomId]);

  useEffect(() => () => flush(), [flush]);

  const onScroll = useCallback(() => {
    if (!restored.current || !ref.current) return;
    pending.current = ref.current.scrollTop;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, SCROLL_SAVE_DELAY_MS);
  }, [flush]);

  return { ref, onScroll };
}
