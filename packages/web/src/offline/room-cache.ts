import type { RoomWithGrids } from '@verdant/contract';
import { db as defaultDb, type GridBoxRow, type GridRow, type OfflineDatabase, type RoomRow } from './db';

/**
 * The map needs a few fields the spec's tables do not index (culled, nx, ny, StartScroll). IndexedDB keeps
 * any property of a stored object, so they travel along without touching the version-1 schema.
 */
type CachedRoom = RoomRow & { StartScroll?: number };
type CachedGrid = GridRow & { nx?: number; ny?: number };
type CachedBox = GridBoxRow & { culled?: boolean; SubGridboxCount?: number; PlantCount?: number };

function toRoomRow(room: RoomWithGrids): CachedRoom {
  const { grids: _grids, ...row } = room;
  return row;
}

function toGridRow(grid: RoomWithGrids['grids'][number]): CachedGrid {
  const { grid_boxes: _boxes, ...row } = grid;
  return row;
}

/**
 * Writes rooms from an online load into the local database. A load of every room replaces the
 * company's rooms (deleted ones disappear); a single-room load replaces that room's grids and boxes.
 */
export async function saveRoomsToCache(
  companyId: number,
  rooms: RoomWithGrids[],
  scope: { roomId?: number } = {},
  database: OfflineDatabase = defaultDb,
): Promise<void> {
  await database.transaction('rw', [database.rooms, database.grids, database.grid_boxes, database.room_grid], async () => {
    const staleRoomIds =
      scope.roomId !== undefined
        ? [scope.roomId]
        : ((await database.rooms.where('CompanyID').equals(companyId).primaryKeys()) as number[]);
    const staleGridIds = (await database.room_grid.where('RoomID').anyOf(staleRoomIds).toArray()).map((l) => l.GridID);
    await database.grid_boxes.where('GridID').anyOf(staleGridIds).delete();
    await database.grids.bulkDelete(staleGridIds);
    await database.room_grid.where('RoomID').anyOf(staleRoomIds).delete();
    await database.rooms.bulkDelete(staleRoomIds);

    await database.rooms.bulkPut(rooms.map(toRoomRow));
    await database.grids.bulkPut(rooms.flatMap((r) => r.grids.map(toGridRow)));
    await database.room_grid.bulkPut(rooms.flatMap((r) => r.grids.map((g) => ({ id: g.id, RoomID: r.RoomID, GridID: g.id }))));
    await database.grid_boxes.bulkPut(rooms.flatMap((r) => r.grids.flatMap((g) => g.grid_boxes as CachedBox[])));
  });
}

function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}

/** Rooms of a company (or one room) as the online load answers them, read from the local database. */
export async function readRoomsFromCache(
  companyId: number,
  roomId?: number,
  database: OfflineDatabase = defaultDb,
): Promise<RoomWithGrids[]> {
  const rooms = (
    roomId !== undefined
      ? [await database.rooms.get(roomId)].filter((r): r is CachedRoom => Boolean(r) && r!.CompanyID === companyId)
      : await database.rooms.where('CompanyID').equals(companyId).sortBy('Name')
  ) as CachedRoom[];
  const links = await database.room_grid.where('RoomID').anyOf(rooms.map((r) => r.RoomID)).toArray();
  const grids = (await database.grids.bulkGet(links.map((l) => l.GridID))).filter(Boolean) as CachedGrid[];
  const boxes = (await database.grid_boxes.where('GridID').anyOf(grids.map((g) => g.id)).toArray()) as CachedBox[];

  const boxesByGrid = new Map<number, CachedBox[]>();
  for (const b of boxes) {
    const list = boxesByGrid.get(b.GridID);
    if (list) list.push(b);
    else boxesByGrid.set(b.GridID, [b]);
  }
  const gridById = new Map(grids.map((g) => [g.id, g]));

  return rooms.map((room) => ({
    RoomID: room.RoomID,
    CompanyID: room.CompanyID,
    Name: room.Name,
    Description: str(room.Description),
    CreatedDateTime: str(room.CreatedDateTime),
    UpdatedDateTime: str(room.UpdatedDateTime),
    Scanned: Boolean(room.Scanned),
    ScannedDateTime: room.ScannedDateTime ?? null,
    LastScannedBy: room.LastScannedBy ?? null,
    WhiteboardImage: room.WhiteboardImage ?? null,
    StartScroll: room.StartScroll ?? 0,
    grids: links
      .filter((l) => l.RoomID === room.RoomID)
      .map((l) => gridById.get(l.GridID))
      .filter((g): g is CachedGrid => Boolean(g))
      .sort((a, b) => a.id - b.id)
      .map((g) => {
        const gridBoxes = (boxesByGrid.get(g.id) ?? []).sort((a, b) => a.Y - b.Y || a.X - b.X);
        return {
          id: g.id,
          Name: g.Name,
          CompanyID: g.CompanyID,
          Description: str(g.Description),
          ImageName: g.ImageName ?? null,
          Scanned: Boolean(g.Scanned),
          ScannedDateTime: g.ScannedDateTime ?? null,
          LastScannedBy: g.LastScannedBy ?? null,
          CreatedDateTime: str(g.CreatedDateTime),
          UpdatedDateTime: str(g.UpdatedDateTime),
          nx: g.nx ?? gridBoxes.reduce((m, b) => Math.max(m, b.X), 0),
          ny: g.ny ?? gridBoxes.reduce((m, b) => Math.max(m, b.Y), 0),
          grid_boxes: gridBoxes.map((b) => ({
            id: b.id,
            GridID: b.GridID,
            X: b.X,
            Y: b.Y,
            Color: b.Color ?? null,
            Status: b.Status ?? null,
            Content: b.Content ?? null,
            ImageName: b.ImageName ?? null,
            CustomName: b.CustomName ?? null,
            culled: Boolean(b.culled),
            // Counts exist only on boxes with sub-boxes, and not at all in copies kept before they were sent.
            ...(b.SubGridboxCount ? { SubGridboxCount: b.SubGridboxCount, PlantCount: b.PlantCount ?? 0 } : {}),
          })),
        };
      }),
  }));
}

/** Keeps the cached copy of one box in step with a change made online or waiting in the outbox. */
export async function patchCachedBox(
  boxId: number,
  patch: Partial<Pick<CachedBox, 'CustomName' | 'culled' | 'SubGridboxCount' | 'PlantCount'>>,
  database: OfflineDatabase = defaultDb,
): Promise<void> {
  try {
    await database.grid_boxes.update(boxId, patch);
  } catch (err) {
    console.warn('Could not update the local copy of a grid box', err);
  }
}
