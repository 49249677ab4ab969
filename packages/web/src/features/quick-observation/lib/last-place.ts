import type { PlaceRef } from './place-link';

/**
 * The place the scout last scanned or chose, kept on this device per user and company, so quick
 * observation starts there. Only rooms and boxes take an observation (trays and grids hold no answers).
 */
export interface LastPlace extends PlaceRef {
  kind: 'box' | 'room';
  /** What to show before the rooms are read again: "A3 · Room 1 › Grid A". */
  label: string;
  at: number;
}

const key = (companyId: number, userId: number) => `verdant.lastPlace.${companyId}.${userId}`;

export function readLastPlace(companyId: number, userId: number): LastPlace | null {
  try {
    const raw = localStorage.getItem(key(companyId, userId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<LastPlace>;
    if ((v.kind === 'box' || v.kind === 'room') && Number.isInteger(v.id) && typeof v.label === 'string') {
      return { kind: v.kind, id: v.id!, label: v.label, at: Number(v.at) || 0 };
    }
  } catch {
    // Storage blocked or a broken value: start without a place.
  }
  return null;
}

export function rememberPlace(companyId: number, userId: number, place: Omit<LastPlace, 'at'>) {
  try {
    localStorage.setItem(key(companyId, userId), JSON.stringify({ ...place, at: Date.now() }));
  } catch {
    // Private mode with storage off: the place is simply not remembered.
  }
}

const rankKey = (companyId: number) => `verdant.topProblems.${companyId}`;

/** The last ranking of most-seen problems read online, so the buttons stay the same offline. */
export function readRememberedProblems(companyId: number): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(rankKey(companyId)) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 20) : [];
  } catch {
    return [];
  }
}

export function rememberProblems(companyId: number, names: readonly string[]) {
  try {
    localStorage.setItem(rankKey(companyId), JSON.stringify(names.slice(0, 20)));
  } catch {
    // Storage off: offline the form's own options are offered.
  }
}
