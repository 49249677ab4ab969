import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, RoomTable } from '../../db/schema.js';
import { boxColumns, boxCounts, boxJsonText, boxReentry, gridColumns, isoUtc, roomColumns } from './room-tree.sql.js';

type Db = Kysely<DB> | Transaction<DB>;
export type RoomRow = Selectable<RoomTable>;

/** A room or grid of the load answer: its id and its fields as JSON text written by PostgreSQL. */
export interface TreeHead {
  id: number;
  json: string;
}
export interface GridHead extends TreeHead {
  nx: number;
  ny: number;
}

/** The next `limit` rooms of the company (or the one room) after `afterId`, in id order. */
export async function roomHeads(db: Db, companyId: number, roomId: number | null, afterId: number, limit: number): Promise<TreeHead[]> {
  const res = await sql<TreeHead>`
    SELECT r."RoomID" AS id, row_to_json(r)::text AS json
    FROM (
      SELECT ${roomColumns} FROM rooms ro
      WHERE ro.company_id = ${companyId} ${roomId === null ? sql`` : sql`AND ro.room_id = ${roomId}`} AND ro.room_id > ${afterId}
      ORDER BY ro.room_id LIMIT ${limit}
    ) r
    ORDER BY r."RoomID"`.execute(db);
  return res.rows;
}

/** The next `limit` grids of a room after `afterId`, in id order, with their sizes. */
export async function gridHeads(db: Db, companyId: number, roomId: number, afterId: number, limit: number): Promise<GridHead[]> {
  const res = await sql<GridHead>`
    SELECT g.id, g.nx, g.ny, row_to_json(g)::text AS json
    FROM (
      SELECT ${gridColumns} FROM room_grid rg JOIN grids gr ON gr.grid_id = rg.grid_id
      WHERE rg.room_id = ${roomId} AND gr.company_id = ${companyId} AND gr.grid_id > ${afterId}
      ORDER BY gr.grid_id LIMIT ${limit}
    ) g
    ORDER BY g.id`.execute(db);
  return res.rows;
}

/**
 * The boxes of some grids in columns xFrom..xTo, as comma-joined JSON objects in (X, Y) order, by
 * grid id (a grid without boxes there is absent). One index range scan per grid; the sub-box and plant
 * counts of the page's boxes come from one aggregated subquery in the same statement (boxCounts), their
 * running re-entry from another (boxReentry).
 */
export async function boxesText(db: Db, companyId: number, gridIds: number[], xFrom: number, xTo: number): Promise<Map<number, string>> {
  const page = sql`bx.grid_id IN (${sql.join(gridIds)}) AND bx.x BETWEEN ${xFrom} AND ${xTo} AND bx.company_id = ${companyId}`;
  const res = await sql<{ grid_id: number; items: string }>`
    SELECT b."GridID" AS grid_id, string_agg(${boxJsonText}, ',' ORDER BY b."X", b."Y") AS items
    FROM (SELECT ${boxColumns} FROM grid_boxes bx WHERE ${page}) b
    ${boxCounts(companyId, sql`SELECT bx.grid_box_id FROM grid_boxes bx WHERE ${page}`)}
    ${boxReentry(companyId)}
    GROUP BY b."GridID"`.execute(db);
  return new Map(res.rows.map((r) => [r.grid_id, r.items]));
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

/** Deletes the room (its grids are the grids module's, deleted before); answers its whiteboards' storage keys. */
export async function deleteRoom(trx: Transaction<DB>, companyId: number, roomId: number): Promise<string[]> {
  const whiteboards = await trx.selectFrom('room_whiteboards').select(['image_key', 'thumb_key']).where('room_id', '=', roomId).execute();
  await trx.deleteFrom('rooms').where('company_id', '=', companyId).where('room_id', '=', roomId).execute();
  return whiteboards.flatMap((w) => [w.image_key, w.thumb_key]);
}

/** Answers undefined when the room is not the company's. */
export function setStartScroll(db: Db, companyId: number, roomId: number, value: number) {
  return db
    .updateTable('rooms')
    .set({ start_scroll: value })
    .where('company_id', '=', companyId)
    .where('room_id', '=', roomId)
    .returning('start_scroll')
    .executeTakeFirst();
}

export async function setStartScrollOfAllRooms(db: Db, companyId: number, value: number): Promise<number> {
  const r = await db.updateTable('rooms').set({ start_scroll: value }).where('company_id', '=', companyId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function setRoomScanned(trx: Transaction<DB>, roomId: number, userId: number, at: Date): Promise<void> {
  await trx.updateTable('rooms').set({ scanned: true, scanned_at: at, last_scanned_by: userId }).where('room_id', '=', roomId).execute();
}

/** Clears the company's rooms' scan flags (when and by whom stays as history); answers how many were set. */
export async function clearScanned(trx: Transaction<DB>, companyId: number): Promise<number> {
  const r = await trx.updateTable('rooms').set({ scanned: false }).where('company_id', '=', companyId).where('scanned', '=', true).executeTakeFirst();
  return Number(r.numUpdatedRows);
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

/** A room of a load answer and its version (null: the room has none yet, e.g. made by a session that skipped triggers). */
export interface RoomVersion {
  id: number;
  version: string | null;
}

/**
 * The company's rooms (or the one room) in id order with their versions (room_versions, kept by the
 * database), and the company's re-entry intervals still running (their ids and ends, as text): the one
 * small query a load answer starts with. The running intervals are what can change a room's text
 * without a write (an interval ends); treatment_applications_reentry_idx finds them however long the history.
 */
export async function roomVersions(db: Db, companyId: number, roomId: number | null): Promise<{ rooms: RoomVersion[]; running: string }> {
  const res = await sql<{ id: number; version: string | null; running: string | null }>`
    SELECT ro.room_id AS id, v.version::text AS version, r.running
    FROM rooms ro LEFT JOIN room_versions v ON v.room_id = ro.room_id
    CROSS JOIN (
      SELECT string_agg(ta.application_id || '@' || ${isoUtc('ta.reentry_until')}, ',' ORDER BY ta.application_id) AS running
      FROM treatment_applications ta WHERE ta.company_id = ${companyId} AND ta.reentry_until > now()
    ) r
    WHERE ro.company_id = ${companyId} ${roomId === null ? sql`` : sql`AND ro.room_id = ${roomId}`}
    ORDER BY ro.room_id`.execute(db);
  return { rooms: res.rows.map((r) => ({ id: r.id, version: r.version })), running: res.rows[0]?.running ?? '' };
}

/**
 * Locks the version rows of the rooms a room or a grid belongs to, in room id order, until the caller's transaction
 * ends. The version triggers take a room's row after a row of its tree is written; a transaction that writes the
 * room's row and then locks one of its grids (a scan marks both) meets one that holds the grid and waits for the
 * version in the other order, and one of them deadlocks (bench:scouts). Taking the version first puts both in line.
 */
export async function lockRoomVersions(db: Kysely<DB>, companyId: number, place: { kind: 'room' | 'grid'; id: number }) {
  const rooms =
    place.kind === 'room'
      ? sql`SELECT ${place.id}::int`
      : sql`SELECT rg.room_id FROM room_grid rg WHERE rg.grid_id = ${place.id} AND rg.company_id = ${companyId}`;
  await sql`
    SELECT v.room_id FROM room_versions v WHERE v.company_id = ${companyId} AND v.room_id IN (${rooms})
    ORDER BY v.room_id FOR UPDATE
  `.execute(db);
}
