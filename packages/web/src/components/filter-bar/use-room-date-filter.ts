import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Sets (or, with no value, removes) address parameters; any change goes back to the first page unless `keepPage`. */
export type UpdateAddress = (changes: Record<string, string | undefined>, keepPage?: boolean) => void;

/**
 * A list's room + date-range filter, kept in the address (so a filtered list can be shared and survives a
 * reload), with the dates as typed: a range whose first day is after its last is held back, and said,
 * until it is put right. The page reads its other parameters from `params` and sets them with `update`.
 */
export function useRoomDateFilter() {
  const [params, setParams] = useSearchParams();
  const room = Number(params.get('room')) || undefined;
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  const [typed, setTyped] = useState({ from: from ?? '', to: to ?? '' });

  const update: UpdateAddress = useCallback(
    (changes, keepPage = false) =>
      setParams(
        (p) => {
          for (const [k, v] of Object.entries(changes)) {
            if (v) p.set(k, v);
            else p.delete(k);
          }
          if (!keepPage) p.delete('page');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setDate = (key: 'from' | 'to', value: string) => {
    const next = { ...typed, [key]: value };
    setTyped(next);
    if (next.from && next.to && next.from > next.to) return;
    update({ from: next.from || undefined, to: next.to || undefined });
  };

  /** Clears room and dates, and `others` of the page's own filters. */
  const clear = (others: readonly string[] = []) => {
    setTyped({ from: '', to: '' });
    update({ room: undefined, from: undefined, to: undefined, ...Object.fromEntries(others.map((k) => [k, undefined])) });
  };

  return {
    params,
    room,
    from,
    to,
    page,
    update,
    /** The dates as typed (the address keeps only a range that holds). */
    typed,
    setDate,
    setRoom: (value: string) => update({ room: value || undefined }),
    clear,
    /** The typed first day is after the last one. */
    dateOrderWrong: Boolean(typed.from && typed.to && typed.from > typed.to),
  };
}

export type RoomDateFilter = ReturnType<typeof useRoomDateFilter>;
