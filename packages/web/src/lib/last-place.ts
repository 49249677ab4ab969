/**
 * The place the scout last scanned, opened or tapped on a room map, kept on this device per user and
 * company (`verdant.lastPlace.<company>.<user>` in localStorage), so quick observation starts there. The
 * one home of this memory: the room map writes it, quick observation and place links read and write it.
 * Only rooms and boxes take an observation (trays and grids hold no answers).
 */
export interface LastPlace {
  kind: 'box' | 'room';
  id: number;
  /** What to show before the rooms are read again: "A3 · Room 1 › Grid A". */
  label: string;
  at: number;
}

const key = (companyId: number, userId: number) => `verdant.lastPlace.${companyId}.${userId}`;

/** The label of a box place: its name, then where it is ("Mother A · Bay 1 › Grid A"). */
export function boxPlaceLabel(boxName: string, roomName: string, gridName: string): string {
  return `${boxName} · ${roomName} › ${gridName}`;
}

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
  if (!companyId || !userId) return;
  try {
    localStorage.setItem(key(companyId, userId), JSON.stringify({ ...place, at: Date.now() }));
  } catch {
    // Private mode with storage off: the place is simply not remembered.
  }
}
