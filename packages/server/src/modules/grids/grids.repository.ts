import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type GridRow = Selectable<DB['grids']>;

export function findGrid(db: Db, companyId: number, gridId: number): Promise<GridRow | undefined> {
  return db.selectFrom('grids').selectAll().where('company_id', '=', companyId).where('grid_id', '=', gridId).executeTakeFirst();
}

export function lockGrid(trx: Transaction<DB>, companyId: number, gridId: number): Promise<GridRow | undefined> {
  return trx
    .selectFrom('grids')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('grid_id', '=', gridId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The grid, its room link and all nx×ny boxes in ONE statement: data-modifying CTEs, the boxes from
 * generate_series (X 1..nx, Y 1..ny). A 200×200 grid is one INSERT … SELECT of 40,000 rows.
 */
export async function insertGridWithBoxes(
  trx: Db,
  g: { companyId: number; roomId: number; name: string; description?: string; nx: number; ny: number },
): Promise<GridRow> {
  const res = await sql<GridRow>`
    WITH grid AS (
      INSERT INTO grids (company_id, name, description, nx, ny)
      VALUES (${g.companyId}, ${g.name}, ${g.description ?? ''}, ${g.nx}, ${g.ny}) RETURNING *
    ), link AS (
      INSERT INTO room_grid (company_id, room_id, grid_id) SELECT company_id, ${g.roomId}, grid_id FROM grid
    ), boxes AS (
      INSERT INTO grid_boxes (company_id, grid_id, x, y)
      SELECT grid.company_id, grid.grid_id, x, y
      FROM grid, generate_series(1, grid.nx) AS x, generate_series(1, grid.ny) AS y
    )
    SELECT * FROM grid`.execute(trx);
  return res.rows[0]!;
}

/**
 * Serialises the grid creations of one company: the company row is locked until the transaction
 * ends. NO KEY UPDATE, so other writes' foreign-key checks on the company (KEY SHARE) still pass.
 */
export async function lockCompanyForBoxes(trx: Db, companyId: number): Promise<void> {
  await sql`SELECT 1 FROM companies WHERE company_id = ${companyId} FOR NO KEY UPDATE`.execute(trx);
}

/**
 * Boxes the company and one of its rooms hold. A grid's boxes are made with it and go with it, so
 * they number nx × ny: summed over the grids (indexed by company) instead of counting box rows.
 */
export async function boxTotals(db: Db, companyId: number, roomId: number): Promise<{ company: number; room: number }> {
  const res = await sql<{ company: number; room: number }>`
    SELECT coalesce(sum(g.nx::bigint * g.ny), 0)::bigint AS company,
      coalesce(sum(g.nx::bigint * g.ny) FILTER (WHERE g.grid_id IN (SELECT grid_id FROM room_grid WHERE room_id = ${roomId})), 0)::bigint AS room
    FROM grids g WHERE g.company_id = ${companyId}`.execute(db);
  return res.rows[0]!;
}

export async function countBoxes(db: Db, gridId: number): Promise<number> {
  const r = await db.selectFrom('grid_boxes').select((eb) => eb.fn.countAll<string>().as('n')).where('grid_id', '=', gridId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function deleteGrid(trx: Transaction<DB>, companyId: number, gridId: number): Promise<void> {
  await trx.deleteFrom('grids').where('company_id', '=', companyId).where('grid_id', '=', gridId).execute();
}

export async function roomOfGrid(db: Db, gridId: number): Promise<number | null> {
  const r = await db.selectFrom('room_grid').select('room_id').where('grid_id', '=', gridId).orderBy('id').executeTakeFirst();
  return r?.room_id ?? null;
}

export function setGridImage(trx: Transaction<DB>, gridId: number, imageKey: string, thumbKey: string) {
  return trx
    .updateTable('grids')
    .set({ image_name: imageKey, image_thumb: thumbKey, updated_at: new Date() })
    .where('grid_id', '=', gridId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function gridsOfRoom(db: Db, companyId: number, roomId: number) {
  return db
    .selectFrom('grids as g')
    .innerJoin('room_grid as rg', 'rg.grid_id', 'g.grid_id')
    .select(['g.grid_id', 'g.name', 'g.image_name', 'g.image_thumb'])
    .where('g.company_id', '=', companyId)
    .where('rg.room_id', '=', roomId)
    .orderBy('g.grid_id')
    .execute();
}

/** A box's own columns (culled, custom name): grids own grid_boxes, the grid_boxes module's routes call these through the grids service. */
export function setBoxCulled(trx: Transaction<DB>, boxId: number, culled: boolean, userId: number) {
  return trx
    .updateTable('grid_boxes')
    .set(culled ? { culled: true, culled_at: new Date(), culled_by: userId } : { culled: false, culled_at: null, culled_by: null })
    .where('grid_box_id', '=', boxId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setBoxName(trx: Transaction<DB>, boxId: number, name: string | null) {
  return trx.updateTable('grid_boxes').set({ custom_name: name }).where('grid_box_id', '=', boxId).returningAll().executeTakeFirstOrThrow();
}

/** A grid's scan flag (the scouting module marks and resets it through the grids service). */
export async function setGridScanned(trx: Transaction<DB>, gridId: number, userId: number, at: Date): Promise<void> {
  await trx.updateTable('grids').set({ scanned: true, scanned_at: at, last_scanned_by: userId }).where('grid_id', '=', gridId).execute();
}

/** Clears the company's grids' scan flags (when and by whom stays as history); answers how many were set. */
export async function clearScanned(trx: Transaction<DB>, companyId: number): Promise<number> {
  const r = await trx.updateTable('grids').set({ scanned: false }).where('company_id', '=', companyId).where('scanned', '=', true).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** What deleting a room's grids removed: their ids, how many boxes went with them (by cascade) and their images' keys. */
export interface DeletedGrids {
  gridIds: number[];
  boxes: number;
  fileKeys: string[];
}

/** Deletes the grids linked to a room and (by cascade) their boxes, links and scan marks. */
export async function deleteGridsOfRoom(trx: Transaction<DB>, companyId: number, roomId: number): Promise<DeletedGrids> {
  const grids = await trx
    .selectFrom('grids')
    .select(['grid_id', 'image_name', 'image_thumb'])
    .where('company_id', '=', companyId)
    .where('grid_id', 'in', (q) => q.selectFrom('room_grid').select('grid_id').where('room_id', '=', roomId))
    .execute();
  const gridIds = grids.map((g) => g.grid_id);
  if (!gridIds.length) return { gridIds, boxes: 0, fileKeys: [] };
  const counted = await trx
    .selectFrom('grid_boxes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('grid_id', 'in', gridIds)
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('grids').where('grid_id', 'in', gridIds).execute();
  return {
    gridIds,
    boxes: Number(counted.n),
    fileKeys: grids.flatMap((g) => [g.image_name, g.image_thumb].filter((k): k is string => Boolean(k))),
  };
}

export function setCellArea(trx: Transaction<DB>, gridId: number, cellAreaM2: number | null) {
  return trx.updateTable('grids').set({ cell_area_m2: cellAreaM2, updated_at: new Date() }).where('grid_id', '=', gridId).execute();
}

/** A box's look: what a bulk change sets and its undo restores. */
export interface BoxLook {
  grid_box_id: number;
  status: string | null;
  color: string | null;
}

/** The company's boxes among these ids with their look, locked in id order (two bulk changes of overlapping boxes take turns). */
export function lockBoxLooks(trx: Transaction<DB>, companyId: number, ids: number[]): Promise<BoxLook[]> {
  return trx
    .selectFrom('grid_boxes')
    .select(['grid_box_id', 'status', 'color'])
    .where('company_id', '=', companyId)
    .where('grid_box_id', '=', sql<number>`ANY(${sql.val(ids)}::int[])`)
    .orderBy('grid_box_id')
    .forUpdate()
    .execute();
}

/** Sets each box's status and colour, in one statement whatever their number. */
export async function setBoxLooks(trx: Transaction<DB>, companyId: number, looks: BoxLook[]): Promise<void> {
  if (!looks.length) return;
  await sql`
    UPDATE grid_boxes g SET status = v.status, color = v.color
    FROM unnest(${sql.val(looks.map((l) => l.grid_box_id))}::int[], ${sql.val(looks.map((l) => l.status))}::text[],
      ${sql.val(looks.map((l) => l.color))}::text[]) AS v(id, status, color)
    WHERE g.company_id = ${companyId} AND g.grid_box_id = v.id`.execute(trx);
}

/** What an import writes on a box: its name, status and colour (facility_transfer). */
export interface BoxFacts {
  grid_box_id: number;
  custom_name: string | null;
  status: string | null;
  color: string | null;
}

/** The company's boxes of these grids with their position and facts, locked in id order (an import or its undo). */
export function lockBoxFactsOfGrids(trx: Transaction<DB>, companyId: number, gridIds: number[]) {
  return trx
    .selectFrom('grid_boxes')
    .select(['grid_box_id', 'grid_id', 'x', 'y', 'custom_name', 'status', 'color'])
    .where('company_id', '=', companyId)
    .where('grid_id', '=', sql<number>`ANY(${sql.val(gridIds)}::int[])`)
    .orderBy('grid_box_id')
    .forUpdate()
    .execute();
}

/** Sets each box's name, status and colour, in one statement whatever their number. */
export async function setBoxFacts(trx: Transaction<DB>, companyId: number, facts: BoxFacts[]): Promise<void> {
  if (!facts.length) return;
  await sql`
    UPDATE grid_boxes g SET custom_name = v.custom_name, status = v.status, color = v.color
    FROM unnest(${sql.val(facts.map((f) => f.grid_box_id))}::int[], ${sql.val(facts.map((f) => f.custom_name))}::text[],
      ${sql.val(facts.map((f) => f.status))}::text[], ${sql.val(facts.map((f) => f.color))}::text[]) AS v(id, custom_name, status, color)
    WHERE g.company_id = ${companyId} AND g.grid_box_id = v.id`.execute(trx);
}
