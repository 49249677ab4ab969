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

/**
 * With a choice of rooms, the batches to fill are those the kept rooms hold, read from the copies of their bundles'
 * batch lists (stored by this fill, or by an earlier one when the room answered 304): at 100 ha the company's
 * 1,200 batches' screens would otherwise outweigh the rooms chosen. A kept room whose list is not on the device (its
 * step failed) leaves every batch in, as without a choice. The company's order of `batchIds` is kept.
 */
export async function batchesOfRooms(companyId: number, rooms: readonly RoomWithGrids[], batchIds: readonly number[], database: OfflineDatabase): Promise<number[]> {
  const held = new Set<number>();
  for (const room of rooms) {
    const copy = await readAnswer<ReadonlyArray<{ BatchID: number }>>(companyId, roomBatchesQuery(companyId, room.RoomID).queryKey, database).catch(() => undefined);
    if (!copy || !Array.isArray(copy.value)) return [...batchIds];
    for (const b of copy.value) held.add(b.BatchID);
  }
  return batchIds.filter((id) => held.has(id));
}
