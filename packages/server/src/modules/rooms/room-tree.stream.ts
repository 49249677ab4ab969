import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import * as repo from './rooms.repository.js';
import type { GridHead, TreeHead } from './rooms.repository.js';

export const ROOMS_PAGE = 100;
const GRIDS_PAGE = 500;
/** Boxes fetched per query (about 130 bytes each as JSON). */
export const BOXES_PAGE = 5_000;
/** Text gathered before it is handed on, so small pieces (room and grid heads) do not go out one by one. */
export const CHUNK_CHARS = 64 * 1024;

/** `{"a":1}` → `{"a":1,"grids":[`: a head from PostgreSQL opened for its list. */
const open = (head: TreeHead, list: 'grids' | 'grid_boxes') => `${head.json.slice(0, -1)},"${list}":[`;

/** Consecutive grids whose boxes fit in one query; a grid larger than a page stands alone. */
function batches(grids: GridHead[], pageBoxes: number): GridHead[][] {
  const out: GridHead[][] = [];
  let batch: GridHead[] = [];
  let boxes = 0;
  for (const g of grids) {
    const size = g.nx * g.ny;
    if (batch.length && boxes + size > pageBoxes) {
      out.push(batch);
      batch = [];
      boxes = 0;
    }
    batch.push(g);
    boxes += size;
  }
  if (batch.length) out.push(batch);
  return out;
}

async function* gridsOfRoom(db: Kysely<DB>, companyId: number, roomId: number, pageBoxes: number): AsyncGenerator<string> {
  let sep = '';
  for (let after = 0; ; ) {
    const grids = await repo.gridHeads(db, companyId, roomId, after, GRIDS_PAGE);
    for (const batch of batches(grids, pageBoxes)) {
      const big = batch[0]!;
      if (batch.length === 1 && big.nx * big.ny > pageBoxes) {
        // A large grid goes out a few whole columns at a time (X 1..nx, Y 1..ny).
        yield `${sep}${open(big, 'grid_boxes')}`;
        const columns = Math.max(1, Math.floor(pageBoxes / big.ny));
        let itemSep = '';
        for (let x = 1; x <= big.nx; x += columns) {
          const items = (await repo.boxesText(db, companyId, [big.id], x, x + columns - 1)).get(big.id);
          if (!items) continue;
          yield `${itemSep}${items}`;
          itemSep = ',';
        }
        yield ']}';
      } else {
        const items = await repo.boxesText(db, companyId, batch.map((g) => g.id), 1, 2_147_483_647);
        yield batch.map((g, i) => `${i || sep ? ',' : ''}${open(g, 'grid_boxes')}${items.get(g.id) ?? ''}]}`).join('');
      }
      sep = ',';
    }
    if (grids.length < GRIDS_PAGE) return;
    after = grids.at(-1)!.id;
  }
}

/**
 * One room of the answer, `{"RoomID":…,"grids":[…]}`, in pieces read page by page (grids, then boxes a
 * page at a time): what the rooms module keeps per room (rooms.service.ts).
 */
export async function* roomPieces(db: Kysely<DB>, companyId: number, room: TreeHead, pageBoxes = BOXES_PAGE): AsyncGenerator<string> {
  yield open(room, 'grids');
  yield* gridsOfRoom(db, companyId, room.id, pageBoxes);
  yield ']}';
}

async function* treePieces(db: Kysely<DB>, companyId: number, roomId: number | null, firstRooms: TreeHead[], pageBoxes: number) {
  yield '{"status":"success","rooms":[';
  let sep = '';
  for (let rooms = firstRooms; rooms.length; ) {
    for (const room of rooms) {
      yield sep;
      yield* roomPieces(db, companyId, room, pageBoxes);
      sep = ',';
    }
    if (rooms.length < ROOMS_PAGE) break;
    rooms = await repo.roomHeads(db, companyId, roomId, rooms.at(-1)!.id, ROOMS_PAGE);
  }
  yield ']}';
}

/**
 * The load_room_grids_boxes answer as JSON text in chunks of about 64 KB, produced as they are read:
 * rooms, grids and boxes come from short keyset-paged queries (at most `pageBoxes` boxes each), so the
 * server holds about one page at a time whatever the size of the facility, and no connection or
 * transaction stays open between pages. `firstRooms` is the first page of rooms, read by the caller
 * (an unknown room is a 404 before anything is sent). Pages are separate statements: a change made
 * while a large answer is being read can show in the later pages only.
 */
export async function* roomTreeChunks(
  db: Kysely<DB>,
  companyId: number,
  roomId: number | null,
  firstRooms: TreeHead[],
  pageBoxes = BOXES_PAGE,
): AsyncGenerator<string> {
  yield* inChunks(treePieces(db, companyId, roomId, firstRooms, pageBoxes));
}

/** Pieces of text gathered into chunks of about CHUNK_CHARS (a piece already larger goes out whole). */
export async function* inChunks(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let text = '';
  for await (const piece of pieces) {
    text += piece;
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  if (text) yield text;
}
