import { gridBoxDisplayName, type GridBox, type RoomWithGrids, type Tray } from '@verdant/contract';
import { paths, PLACE_KINDS, type PlaceKind } from '../../../lib/paths';

export interface PlaceRef {
  kind: PlaceKind;
  id: number;
}

/** What a scanned code turned out to be: one of our places, one of our batches, or something else. */
export type ScannedLink = { type: 'place'; place: PlaceRef } | { type: 'batch'; batchId: number } | { type: 'foreign'; text: string };

const placePattern = new RegExp(`^${paths.place('KIND' as PlaceKind, 'ID').replace('KIND', `(${PLACE_KINDS.join('|')})`).replace('ID', '(\\d+)')}/?$`);
const batchPattern = new RegExp(`^${paths.batch('ID').replace('ID', '(\\d+)')}/?$`);

const idOf = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

/**
 * Reads a scanned code. Only links of this app (same origin) to a place or a batch are ours; anything
 * else — another site, a plain text, a look-alike path on another host — is `foreign` and is never opened.
 */
export function readScannedLink(text: string, origin = window.location.origin): ScannedLink {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { type: 'foreign', text: trimmed };
  }
  if (url.origin !== origin) return { type: 'foreign', text: trimmed };
  const place = placePattern.exec(url.pathname);
  if (place) {
    const id = idOf(place[2]);
    if (id) return { type: 'place', place: { kind: place[1] as PlaceKind, id } };
  }
  const batch = batchPattern.exec(url.pathname);
  const batchId = idOf(batch?.[1]);
  if (batchId) return { type: 'batch', batchId };
  return { type: 'foreign', text: trimmed };
}

/** Where a scanned link leads inside the app; null for a foreign one. */
export function linkTarget(link: ScannedLink): string | null {
  if (link.type === 'place') return paths.place(link.place.kind, link.place.id);
  if (link.type === 'batch') return paths.batch(link.batchId);
  return null;
}

export type ResolvedPlace =
  | { kind: 'room'; room: RoomWithGrids }
  | { kind: 'grid'; room: RoomWithGrids; grid: RoomWithGrids['grids'][number] }
  | { kind: 'box'; room: RoomWithGrids; grid: RoomWithGrids['grids'][number]; box: GridBox }
  | { kind: 'tray'; tray: Tray };

/**
 * A place of the caller's company, found in its rooms tree (read online, or the local copy offline) or its
 * trays. Null when the company has no such place: deleted, mistyped, or another company's label.
 */
export function resolvePlace(ref: PlaceRef, rooms: readonly RoomWithGrids[], trays: readonly Tray[] = []): ResolvedPlace | null {
  if (ref.kind === 'tray') {
    const tray = trays.find((t) => t.tray_id === ref.id);
    return tray ? { kind: 'tray', tray } : null;
  }
  for (const room of rooms) {
    if (ref.kind === 'room' && room.RoomID === ref.id) return { kind: 'room', room };
    for (const grid of room.grids) {
      if (ref.kind === 'grid' && grid.id === ref.id) return { kind: 'grid', room, grid };
      if (ref.kind === 'box') {
        const box = grid.grid_boxes.find((b) => b.id === ref.id);
        if (box) return { kind: 'box', room, grid, box };
      }
    }
  }
  return null;
}

/** A place's name as its label reads. */
export function placeName(p: ResolvedPlace): string {
  if (p.kind === 'room') return p.room.Name;
  if (p.kind === 'grid') return p.grid.Name;
  if (p.kind === 'box') return gridBoxDisplayName(p.box.CustomName, p.box.X, p.box.Y);
  return p.tray.tray_name;
}

/** "Room › Grid" for a box, the room for a grid, nothing for a room; a tray's batch. */
export function placeWhere(p: ResolvedPlace): string | null {
  if (p.kind === 'box') return `${p.room.Name} › ${p.grid.Name}`;
  if (p.kind === 'grid') return p.room.Name;
  if (p.kind === 'tray') return p.tray.batch_number;
  return null;
}
