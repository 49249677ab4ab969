import type { RoomWithGrids } from '@verdant/contract';
import { deleteAnswers, readAnswer } from '../offline/answer-cache';
import type { OfflineDatabase } from '../offline/db';
import { roomKeys, gridBackgroundsQuery, roomScrollQuery } from './queries/rooms';
import { roomBatchesQuery } from './queries/batches';
import { boxProblemsQuery, gridCirclesQuery, roomProblemsQuery } from './queries/problems';
import { gridSubBoxesKey } from './offline-sub-boxes';

/** Where the ETag of a room's last stored bundle is kept (wiped with the copies it vouches for). */
export const roomEtagKey = (companyId: number, roomId: number) => ['offline-fill', companyId, 'room-etag', roomId] as const;

/** Every copy a room's bundle writes (offline-prefetch-fill.ts `fillRoom`), by the room's grids and boxes. */
export function roomCopyKeys(companyId: number, room: RoomWithGrids): Array<readonly unknown[]> {
  const id = room.RoomID;
  return [
    roomProblemsQuery(companyId, id).queryKey,
    gridBackgroundsQuery(companyId, id).queryKey,
    roomScrollQuery(companyId, id).queryKey,
    roomBatchesQuery(companyId, id).queryKey,
    ...room.grids.flatMap((g) => [
      gridCirclesQuery(companyId, g.id).queryKey,
      gridSubBoxesKey(companyId, g.id),
      ...g.grid_boxes.flatMap((b) => [boxProblemsQuery(companyId, b.id).queryKey, roomKeys.subBoxes(companyId, b.id)]),
    ]),
  ];
}

/**
 * A room left out of this device's choice (lib/offline-rooms.ts): its bundle's copies go and, with them, its
 * ETag, so choosing it again downloads it whole instead of answering 304 over copies no longer there. Only a
 * room a fill stored (it has an ETag) is touched: the others hold nothing of the fill's.
 */
export async function forgetRoomCopies(companyId: number, rooms: readonly RoomWithGrids[], database: OfflineDatabase): Promise<number> {
  let forgotten = 0;
  for (const room of rooms) {
    const etag = await readAnswer<string>(companyId, roomEtagKey(companyId, room.RoomID), database).catch(() => undefined);
    if (!etag) continue;
    await database.transaction('rw', database.cachedAnswers, () =>
      deleteAnswers([roomEtagKey(companyId, room.RoomID), ...roomCopyKeys(companyId, room)], database),
    );
    forgotten++;
  }
  return forgotten;
}
