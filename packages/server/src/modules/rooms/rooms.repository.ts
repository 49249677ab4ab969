import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, RoomTable } from '../../db/schema.js';
import { roomTreeJson } from './room-tree.sql.js';

type Db = Kysely<DB> | Transaction<DB>;
export type RoomRow = Selectable<RoomTable>;

/** The rooms tree as JSON text exactly as PostgreSQL wrote it: one round trip, no parse, no stringify. */
export async function loadRoomTreeText(db: Db, companyId: number, roomId: number | null): Promise<string> {
  const res = await sql<{ rooms: string }>`SELECT ${roomTreeJson(companyId, roomId)}::text AS rooms`.execute(db);
  return res.rows[0]!.rooms;
}

export function insertRoom(trx: Db, row: { company_id: number; name: string; description: string }): Promise<RoomRow> {
  return trx.insertInto('rooms').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findRoom(db: Db, companyId: number, roomId: number): Promise<RoomRow | undefined> {
  return db.selectFrom('rooms').selectAll().where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
}

export function lockRoom(trx: Transaction<DB>, companyId: number, roomId: number): Promise<RoomRow | undefined> {
  return trx
    .selectFrom('rooms')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('room_id', '=', roomId)
    .forUpdate()
    .executeTakeFirst();
}

export interface DeletedRoomContents {
  gridIds: number[];
  boxes: number;
  /** Storage keys of images that belonged to the deleted rows. */
  fileKeys: string[];
}

/** Deletes the room, the grids linked to it and (by cascade) their boxes, links and scan marks. */
export async function deleteRoomWithGrids(trx: Transaction<DB>, companyId: number, roomId: number): Promise<DeletedRoomContents> {
  const grids = await trx
    .selectFrom('grids')
    .select(['grid_id', 'image_name', 'image_thumb'])
    .where('company_id', '=', companyId)
    .where('grid_id', 'in', (q) => q.selectFrom('room_grid').select('grid_id').where('room_id', '=', roomId))
    .execute();
  const gridIds = grids.map((g) => g.grid_id);
  const whiteboards = await trx.selectFrom('room_whiteboards').select(['image_key', 'thumb_key']).where('room_id', '=', roomId).execute();
  let boxes = 0;
  if (gridIds.length) {
    const counted = await trx
      .selectFrom('grid_boxes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('grid_id', 'in', gridIds)
      .executeTakeFirstOrThrow();
    boxes = Number(counted.n);
    await trx.deleteFrom('grids').where('grid_id', 'in', gridIds).execute();
  }
  await trx.deleteFrom('rooms').where('company_id', '=', companyId).where('room_id', '=', roomId).execute();
  return {
    gridIds,
    boxes,
    fileKeys: [
      ...grids.flatMap((g) => [g.image_name, g.image_thumb].filter((k): k is string => Boolean(k))),
      ...whiteboards.flatMap((w) => [w.image_key, w.thumb_key]),
    ],
  };
}

export async function insertWhiteboard(
  trx: Transaction<DB>,
  row: { company_id: number; room_id: number; image_key: string; thumb_key: string; uploaded_by: number },
) {
  const wb = await trx.insertInto('room_whiteboards').values(row).returningAll().executeTakeFirstOrThrow();
  await trx
    .updateTable('rooms')
    .set({ whiteboard_image: row.image_key, updated_at: new Date() })
    .where('room_id', '=', row.room_id)
    .execute();
  return wb;
}

export function listWhiteboards(db: Db, companyId: number, roomId: number) {
  return db
    .selectFrom('room_whiteboards as w')
    .leftJoin('users as u', 'u.user_id', 'w.uploaded_by')
    .select(['w.whiteboard_id', 'w.room_id', 'w.image_key', 'w.thumb_key', 'w.uploaded_at', 'w.uploaded_by', 'u.first_name', 'u.last_name'])
    .where('w.company_id', '=', companyId)
    .where('w.room_id', '=', roomId)
    .orderBy('w.uploaded_at', 'desc')
    .orderBy('w.whiteboard_id', 'desc')
    .execute();
}
export type WhiteboardRow = Awaited<ReturnType<typeof listWhiteboards>>[number];
