import { useMemo, useSyncExternalStore } from 'react';

/**
 * Which rooms the offline fill keeps on this device (issue 19), per company and user
 * (`verdant.offlineRooms.<company>.<user>` in localStorage). The product assigns no rooms to staff
 * (docs/decisions.md), so a scout on a large site picks the rooms of their round here. No value means
 * every room, today's and tomorrow's; a choice is a fixed list: a room created later is not in it.
 */
const key = (companyId: number, userId: number) => `verdant.offlineRooms.${companyId}.${userId}`;
/** Same-tab writes: the storage event only reaches other tabs. */
const CHANGED = 'verdant:offline-rooms';

function parse(raw: string | null): number[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value)) return value.filter((id): id is number => Number.isInteger(id));
  } catch {
    // A broken value: every room, as if nothing was chosen.
  }
  return null;
}

function readRaw(companyId: number, userId: number): string | null {
  try {
    return localStorage.getItem(key(companyId, userId));
  } catch {
    return null;
  }
}

/** The chosen room ids, or null for every room. */
export function readOfflineRooms(companyId: number, userId: number): number[] | null {
  return parse(readRaw(companyId, userId));
}

/** Keeps a choice of rooms (null: every room). An empty list is refused by the chooser, not stored. */
export function saveOfflineRooms(companyId: number, userId: number, roomIds: readonly number[] | null): void {
  if (!companyId || !userId) return;
  try {
    if (roomIds === null) localStorage.removeItem(key(companyId, userId));
    else localStorage.setItem(key(companyId, userId), JSON.stringify([...new Set(roomIds)].sort((a, b) => a - b)));
  } catch {
    // Storage off (private mode): the device keeps every room.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** The rooms the fill keeps: all of them without a choice; else the chosen ones that still exist. */
export function roomsKept<T extends { RoomID: number }>(rooms: readonly T[], chosen: readonly number[] | null): T[] {
  if (chosen === null) return [...rooms];
  const wanted = new Set(chosen);
  return rooms.filter((r) => wanted.has(r.RoomID));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The choice of this device, live. */
export function useOfflineRooms(companyId: number | null | undefined, userId: number | null | undefined): number[] | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => (companyId && userId ? readRaw(companyId, userId) : null),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}
