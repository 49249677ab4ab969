import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, GridBoxTable, SubGridboxTable } from '../../db/schema.js';

export type SubGridboxRow = Selectable<SubGridboxTable> & { plant_uid: string | null };
export type GridboxRow = Selectable<GridBoxTable> & { room_id: number | null };

export interface NewSubGridbox {
  subx: number;
  suby: number;
  plant_id: number | null;
}

export interface SubGridboxChanges {
  custom_name?: string;
  plant_id?: number | null;
  color?: string;
  status?: string;
  content?: string;
  image_name?: string;
}

/** The room a grid is linked to (the first, should a grid ever sit in two). */
const roomOfGrid = sql<number | null>`(select min(rg.room_id) from room_grid rg where rg.grid_id = grid_boxes.grid_id)`;

const gridboxesOf = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('grid_boxes').selectAll().select(roomOfGrid.as('room_id')).where('company_id', '=', companyId);

export async function findGridbox(db: Kysely<DB>, companyId: number, gridBoxId: number): Promise<GridboxRow | undefined> {
  return gridboxesOf(db, companyId).where('grid_box_id', '=', gridBoxId).executeTakeFirst();
}

/** findGridbox of many boxes at once; boxes that are not the company's are left out. */
export async function findGridboxes(db: Kysely<DB>, companyId: number, gridBoxIds: number[]): Promise<GridboxRow[]> {
  if (!gridBoxIds.length) return [];
  return gridboxesOf(db, companyId).where('grid_box_id', 'in', gridBoxIds).execute();
}

/**
 * Locks the grid box row: creations in one box queue behind each other, so the count check holds.
 * FOR NO KEY UPDATE, not FOR UPDATE: rows that only reference the box (a movement's from_gridbox_id)
 * take FOR KEY SHARE, and two plants crossing between two boxes would otherwise deadlock.
 */
export async function lockGridbox(db: Kysely<DB>, companyId: number, gridBoxId: number): Promise<boolean> {
  const row = await db
    .selectFrom('grid_boxes')
    .select('grid_box_id')
    .where('company_id', '=', companyId)
    .where('grid_box_id', '=', gridBoxId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return Boolean(row);
}

const withPlant = (db: Kysely<DB>) =>
  db
    .selectFrom('sub_gridboxes as s')
    .leftJoin('plants as p', 'p.plant_id', 's.plant_id')
    .selectAll('s')
    .select('p.plant_uid');

export async function countActive(db: Kysely<DB>, parentId: number): Promise<number> {
  const row = await db
    .selectFrom('sub_gridboxes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('parent_gridbox_id', '=', parentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listSubGridboxes(db: Kysely<DB>, parentId: number, includeDeleted: boolean): Promise<SubGridboxRow[]> {
  let q = withPlant(db).where('s.parent_gridbox_id', '=', parentId);
  if (!includeDeleted) q = q.where('s.deleted_at', 'is', null);
  return q.orderBy('s.suby').orderBy('s.subx').orderBy('s.sub_gridbox_id').execute();
}

/** The live sub-boxes of many parents, each parent's in listSubGridboxes' order. */
/**
 * The live sub-boxes of many boxes, in no order: a room's 80,000 wide rows sorted by the database spilled to disk
 * (4 MB of work_mem); the caller orders each box's twenty with `bySubPlace`.
 */
export async function listLiveSubGridboxesOf(db: Kysely<DB>, parentIds: number[]): Promise<SubGridboxRow[]> {
  if (!parentIds.length) return [];
  return withPlant(db).where('s.parent_gridbox_id', 'in', parentIds).where('s.deleted_at', 'is', null).execute();
}

/** A box's sub-boxes in the order its single read lists them: row, then column, then id. */
export const bySubPlace = (a: SubGridboxRow, b: SubGridboxRow) => a.suby - b.suby || a.subx - b.subx || a.sub_gridbox_id - b.sub_gridbox_id;

export async function findSubGridbox(
  db: Kysely<DB>,
  companyId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<SubGridboxRow | undefined> {
  let q = withPlant(db).where('s.company_id', '=', companyId).where('s.sub_gridbox_id', '=', id).where('s.deleted_at', 'is', null);
  if (opts.lock) q = q.forUpdate('s');
  return q.executeTakeFirst();
}

export async function findByIds(db: Kysely<DB>, ids: number[]): Promise<SubGridboxRow[]> {
  if (ids.length === 0) return [];
  return withPlant(db).where('s.sub_gridbox_id', 'in', ids).orderBy('s.suby').orderBy('s.subx').execute();
}

/** Live sub-boxes of the parent at any of these positions. */
export async function findAtPositions(
  db: Kysely<DB>,
  parentId: number,
  positions: Array<{ subx: number; suby: number }>,
): Promise<SubGridboxRow[]> {
  if (positions.length === 0) return [];
  const values = sql.join(positions.map((p) => sql`(${p.subx}::int, ${p.suby}::int)`));
  return withPlant(db)
    .where('s.parent_gridbox_id', '=', parentId)
    .where('s.deleted_at', 'is', null)
    .where(sql<boolean>`(s.subx, s.suby) in (${values})`)
    .forUpdate('s')
    .execute();
}

/** The live sub-box holding this plant, locked. */
export async function findHoldingPlant(db: Kysely<DB>, plantId: number): Promise<SubGridboxRow | undefined> {
  return withPlant(db).where('s.plant_id', '=', plantId).where('s.deleted_at', 'is', null).forUpdate('s').executeTakeFirst();
}

/** The first live sub-box without a plant, by row then column, locked. */
export async function findFirstEmpty(db: Kysely<DB>, parentId: number): Promise<SubGridboxRow | undefined> {
  return withPlant(db)
    .where('s.parent_gridbox_id', '=', parentId)
    .where('s.deleted_at', 'is', null)
    .where('s.plant_id', 'is', null)
    .orderBy('s.suby')
    .orderBy('s.subx')
    .limit(1)
    .forUpdate('s')
    .executeTakeFirst();
}

export async function maxRow(db: Kysely<DB>, parentId: number): Promise<number> {
  const row = await db
    .selectFrom('sub_gridboxes')
    .select((eb) => eb.fn.coalesce(eb.fn.max('suby'), sql<number>`0`).as('m'))
    .where('parent_gridbox_id', '=', parentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.m);
}

export async function insertSubGridboxes(
  db: Kysely<DB>,
  companyId: number,
  parentId: number,
  userId: number | null,
  rows: NewSubGridbox[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const made = await db
    .insertInto('sub_gridboxes')
    .values(rows.map((r) => ({ ...r, company_id: companyId, parent_gridbox_id: parentId, created_by: userId })))
    .returning('sub_gridbox_id')
    .execute();
  return made.map((r) => r.sub_gridbox_id);
}

export async function updateSubGridbox(db: Kysely<DB>, id: number, changes: SubGridboxChanges): Promise<void> {
  await db
    .updateTable('sub_gridboxes')
    .set({ ...changes, updated_at: sql`now()` })
    .where('sub_gridbox_id', '=', id)
    .execute();
}

export async function softDeleteSubGridbox(db: Kysely<DB>, id: number): Promise<void> {
  await db
    .updateTable('sub_gridboxes')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('sub_gridbox_id', '=', id)
    .execute();
}

/** The first `perGrid` boxes (by row, then column) of every grid of the company that are not culled. */
export async function firstBoxesPerGrid(db: Kysely<DB>, companyId: number, perGrid: number): Promise<number[]> {
  const rows = await sql<{ grid_box_id: number }>`
    SELECT grid_box_id FROM (
      SELECT grid_box_id, grid_id, y, x, row_number() OVER (PARTITION BY grid_id ORDER BY y, x) AS n
      FROM grid_boxes WHERE company_id = ${companyId} AND NOT culled
    ) b WHERE n <= ${perGrid} ORDER BY grid_id, y, x`.execute(db);
  return rows.rows.map((r) => r.grid_box_id);
}
