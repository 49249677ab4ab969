import type { RoomWithGrids, ScanType } from '@verdant/contract';

/** Where the plant is: a room, optionally one of its grids, optionally one box of that grid. */
export interface ScanPlace {
  roomId?: number;
  gridId?: number;
  boxId?: number;
}

/** create_scan's scan_type: the narrowest place picked (box, grid, room), or none yet. */
export function scanTypeOf(place: ScanPlace): ScanType | null {
  if (place.boxId) return 'box';
  if (place.gridId) return 'grid';
  if (place.roomId) return 'room';
  return null;
}

/** "Room › Grid › Box 2, 1": how the outbox and the results name a place. */
export function placeName(rooms: RoomWithGrids[] | undefined, p: ScanPlace, boxAt: (x: number, y: number) => string): string {
  const room = rooms?.find((r) => r.RoomID === p.roomId);
  const grid = room?.grids.find((g) => g.id === p.gridId);
  const box = grid?.grid_boxes.find((b) => b.id === p.boxId);
  return [room?.Name, grid?.Name, box ? box.CustomName || boxAt(box.X, box.Y) : null].filter(Boolean).join(' › ');
}

const ID = /^[1-9]\d{0,9}$/;
const idOf = (v: string | null) => (v && ID.test(v) && Number(v) <= 2 ** 31 - 1 ? Number(v) : undefined);

/**
 * The place a link names (`?room_id=&grid_id=&grid_box_id=`, as `paths.scanAt` writes it for the room map's box
 * sheet and a scanned label's page): each id kept only under the one above it, so a half-formed link picks what it can.
 */
export function placeFromSearch(params: URLSearchParams): ScanPlace {
  const roomId = idOf(params.get('room_id'));
  const gridId = roomId ? idOf(params.get('grid_id')) : undefined;
  const boxId = gridId ? idOf(params.get('grid_box_id')) : undefined;
  return { roomId, gridId, boxId };
}

/**
 * A linked place checked against the company's rooms: ids that are not there (deleted, or another company's)
 * are dropped from the first one that is not, so the picker never shows an id it has no option for.
 */
export function knownPlace(rooms: RoomWithGrids[], p: ScanPlace): ScanPlace {
  const room = rooms.find((r) => r.RoomID === p.roomId);
  if (!room) return {};
  const grid = room.grids.find((g) => g.id === p.gridId);
  if (!grid) return { roomId: room.RoomID };
  const box = grid.grid_boxes.find((b) => b.id === p.boxId && !b.culled);
  return box ? { roomId: room.RoomID, gridId: grid.id, boxId: box.id } : { roomId: room.RoomID, gridId: grid.id };
}
