import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, ImportedBox } from '../../db/schema.js';

export type Db = Kysely<DB> | Transaction<DB>;

export type FacilityImportRow = Selectable<DB['facility_imports']>;

/** One box of the facility as it is exported, with its grid and room. */
export interface FacilityLine {
  room_id: number;
  room: string;
  grid_id: number;
  grid: string;
  nx: number;
  ny: number;
  x: number;
  y: number;
  custom_name: string | null;
  status: string | null;
  color: string | null;
}

export type LineKey = Pick<FacilityLine, 'room_id' | 'grid_id' | 'y' | 'x'>;

/** A page of the company's boxes in room, grid, row, column order, after `after` (keyset: pages cost the same deep in). */
export function facilityPage(db: Db, companyId: number, after: LineKey | null, limit: number): Promise<FacilityLine[]> {
  let q = db
    .selectFrom('rooms as r')
    .innerJoin('room_grid as rg', (j) => j.onRef('rg.room_id', '=', 'r.room_id').onRef('rg.company_id', '=', 'r.company_id'))
    .innerJoin('grids as g', (j) => j.onRef('g.grid_id', '=', 'rg.grid_id').onRef('g.company_id', '=', 'rg.company_id'))
    .innerJoin('grid_boxes as b', (j) => j.onRef('b.grid_id', '=', 'g.grid_id').onRef('b.company_id', '=', 'g.company_id'))
    .select(['r.room_id', 'r.name as room', 'g.grid_id', 'g.name as grid', 'g.nx', 'g.ny', 'b.x', 'b.y', 'b.custom_name', 'b.status', 'b.color'])
    .where('r.company_id', '=', companyId);
  if (after) q = q.where(sql<boolean>`(r.room_id, g.grid_id, b.y, b.x) > (${after.room_id}, ${after.grid_id}, ${after.y}, ${after.x})`);
  return q.orderBy('r.room_id').orderBy('g.grid_id').orderBy('b.y').orderBy('b.x').limit(limit).execute();
}

/**
 * Imports of one company take turns: the company row is locked until the transaction ends (NO KEY UPDATE, so other
 * writes' foreign-key checks on it still pass), so two imports naming the same new room make it once.
 */
export async function lockCompanyForImport(trx: Transaction<DB>, companyId: number): Promise<void> {
  await sql`SELECT company_id FROM companies WHERE company_id = ${companyId} FOR NO KEY UPDATE`.execute(trx);
}

/** The company's rooms, and its grids with the room they are in (an import is planned against them). */
export async function places(db: Db, companyId: number) {
  const rooms = await db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', companyId).orderBy('room_id').execute();
  const grids = await db
    .selectFrom('room_grid as rg')
    .innerJoin('grids as g', (j) => j.onRef('g.grid_id', '=', 'rg.grid_id').onRef('g.company_id', '=', 'rg.company_id'))
    .select(['rg.room_id', 'g.grid_id', 'g.name', 'g.nx', 'g.ny'])
    .where('rg.company_id', '=', companyId)
    .orderBy('g.grid_id')
    .execute();
  return { rooms, grids };
}

/** A box at a place an import names, with its facts. */
export interface BoxAt {
  grid_box_id: number;
  grid_id: number;
  x: number;
  y: number;
  custom_name: string | null;
  status: string | null;
  color: string | null;
}

/**
 * The boxes at these (grid, column, row) places with their facts, one read for a chunk of lines; locked in id order
 * when `lock` (the import's transaction: the plan of the chunk holds until the import commits).
 */
export async function boxFactsAt(db: Db, companyId: number, places: { gridId: number; x: number; y: number }[], lock: boolean): Promise<BoxAt[]> {
  if (!places.length) return [];
  const { rows } = await sql<BoxAt>`
    SELECT b.grid_box_id, b.grid_id, b.x, b.y, b.custom_name, b.status, b.color
    FROM grid_boxes b
    JOIN unnest(${sql.val(places.map((p) => p.gridId))}::int[], ${sql.val(places.map((p) => p.x))}::int[], ${sql.val(places.map((p) => p.y))}::int[]) AS v(grid_id, x, y)
      ON b.grid_id = v.grid_id AND b.x = v.x AND b.y = v.y
    WHERE b.company_id = ${companyId}
    ORDER BY b.grid_box_id
    ${lock ? sql`FOR UPDATE OF b` : sql``}`.execute(db);
  return rows;
}

/** The grids now in these rooms (an undo refuses when a grid was added to a room the import made). */
export async function gridIdsInRooms(db: Db, companyId: number, roomIds: number[]): Promise<number[]> {
  if (!roomIds.length) return [];
  const rows = await db.selectFrom('room_grid').select('grid_id').where('company_id', '=', companyId)
    .where('room_id', '=', sql<number>`ANY(${sql.val(roomIds)}::int[])`).execute();
  return rows.map((r) => r.grid_id);
}

/** Whether anything was observed on these grids (an undo would delete it with them). */
export async function observedOn(db: Db, companyId: number, gridIds: number[]): Promise<boolean> {
  if (!gridIds.length) return false;
  const row = await db.selectFrom('problem_observations').select('observation_id').where('company_id', '=', companyId)
    .where('grid_id', '=', sql<number>`ANY(${sql.val(gridIds)}::int[])`).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * The undo's record of the boxes an import writes, kept chunk by chunk in a temporary table of the import's own
 * transaction (dropped at its end) rather than in the process's memory: a 100,000-box file's record stays in the
 * database until insertImport gathers it into the import's row.
 */
export async function startWrittenRecord(trx: Transaction<DB>): Promise<void> {
  await sql`CREATE TEMPORARY TABLE facility_import_written (n integer GENERATED ALWAYS AS IDENTITY, box jsonb NOT NULL) ON COMMIT DROP`.execute(trx);
}

/** Adds one chunk's written boxes to the record, in order. */
export async function recordWritten(trx: Transaction<DB>, boxes: ImportedBox[]): Promise<void> {
  if (!boxes.length) return;
  await sql`INSERT INTO facility_import_written (box)
    SELECT b.value FROM jsonb_array_elements(${JSON.stringify(boxes)}::jsonb) WITH ORDINALITY AS b(value, i) ORDER BY b.i`.execute(trx);
}

/** The import's row, its boxes gathered from the record startWrittenRecord began in this transaction. */
export function insertImport(
  trx: Transaction<DB>,
  row: { companyId: number; userId: number; format: FacilityImportRow['format']; fileName: string; rooms: number[]; grids: number[] },
): Promise<FacilityImportRow> {
  return trx
    .insertInto('facility_imports')
    .values({
      company_id: row.companyId, user_id: row.userId, format: row.format, file_name: row.fileName,
      rooms_created: row.rooms, grids_created: row.grids,
      boxes: sql<string>`(SELECT coalesce(jsonb_agg(w.box ORDER BY w.n), '[]'::jsonb) FROM facility_import_written w)`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One import of the company, locked for its undo (two undos of one import take turns). */
export function lockImport(trx: Transaction<DB>, companyId: number, importId: number): Promise<FacilityImportRow | undefined> {
  return trx.selectFrom('facility_imports').selectAll().where('company_id', '=', companyId).where('import_id', '=', importId).forUpdate().executeTakeFirst();
}

export function markUndone(trx: Transaction<DB>, companyId: number, importId: number, userId: number, at: Date): Promise<FacilityImportRow> {
  return trx
    .updateTable('facility_imports')
    .set({ undone_at: at, undone_by: userId })
    .where('company_id', '=', companyId)
    .where('import_id', '=', importId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The company's last imports, newest first, without their box records. */
export function listImports(db: Db, companyId: number, limit: number) {
  return db
    .selectFrom('facility_imports')
    .select(['import_id', 'format', 'file_name', 'rooms_created', 'grids_created', 'created_at', 'undone_at'])
    .select(sql<number>`jsonb_array_length(boxes)`.as('boxes_written'))
    .where('company_id', '=', companyId)
    .orderBy('import_id', 'desc')
    .limit(limit)
    .execute();
}
