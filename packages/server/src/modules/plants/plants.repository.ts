import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoUtc } from '../rooms/index.js';

export interface PlantRef {
  plant_id: number;
  plant_uid: string;
}

/** Inserts plants whose uid is still free; answers the rows it made (a clashing uid is skipped). */
export async function insertPlants(db: Kysely<DB>, companyId: number, userId: number | null, uids: string[]): Promise<PlantRef[]> {
  if (uids.length === 0) return [];
  return db
    .insertInto('plants')
    .values(uids.map((plant_uid) => ({ plant_uid, company_id: companyId, created_by: userId })))
    .onConflict((oc) => oc.column('plant_uid').doNothing())
    .returning(['plant_id', 'plant_uid'])
    .execute();
}

export async function findPlantByUid(db: Kysely<DB>, companyId: number, uid: string, lock = false): Promise<PlantRef | undefined> {
  let q = db
    .selectFrom('plants')
    .select(['plant_id', 'plant_uid'])
    .where('company_id', '=', companyId)
    .where('plant_uid', '=', uid);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findPlantById(db: Kysely<DB>, companyId: number, plantId: number, lock = false): Promise<PlantRef | undefined> {
  let q = db
    .selectFrom('plants')
    .select(['plant_id', 'plant_uid'])
    .where('company_id', '=', companyId)
    .where('plant_id', '=', plantId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

type Db = Kysely<DB> | Transaction<DB>;

export interface BatchRef {
  batch_id: number;
  batch_number: string;
  harvested_at: Date | null;
}

/**
 * The company's batch, for "is it ours, is it harvested". A stand-in until the batches module's
 * service offers this read; batch problems and trays go through plants.service for it too.
 */
export function findPlantsByUids(db: Db, companyId: number, uids: string[]): Promise<PlantRef[]> {
  if (uids.length === 0) return Promise.resolve([]);
  return db.selectFrom('plants').select(['plant_id', 'plant_uid']).where('company_id', '=', companyId).where('plant_uid', 'in', uids).execute();
}

/** Adds the links not there yet; answers the plant ids it linked. */
export async function insertPlantBatches(trx: Transaction<DB>, companyId: number, batchId: number, plantIds: number[], userId: number): Promise<number[]> {
  if (plantIds.length === 0) return [];
  const rows = await trx
    .insertInto('plant_batches')
    .values(plantIds.map((plant_id) => ({ company_id: companyId, plant_id, batch_id: batchId, linked_by: userId })))
    .onConflict((oc) => oc.columns(['plant_id', 'batch_id']).doNothing())
    .returning('plant_id')
    .execute();
  return rows.map((r) => r.plant_id);
}

export function listBatchesOfPlant(db: Db, companyId: number, plantId: number, includeHarvested: boolean) {
  let q = db
    .selectFrom('plant_batches as pb')
    .innerJoin('batches as b', 'b.batch_id', 'pb.batch_id')
    .select([
      'b.batch_id', 'b.batch_number', 'b.strain_name', 'b.batch_status', 'b.start_date', 'b.end_date', 'b.harvested_at',
      'pb.linked_at', 'pb.linked_by',
    ])
    .where('pb.company_id', '=', companyId)
    .where('pb.plant_id', '=', plantId);
  if (!includeHarvested) q = q.where('b.harvested_at', 'is', null);
  return q.orderBy('pb.linked_at', 'desc').orderBy('b.batch_id', 'desc').execute();
}
export type LinkedBatchRow = Awaited<ReturnType<typeof listBatchesOfPlant>>[number];

/**
 * Batches' plants with the live sub-box each sits in (if any), its grid box, grid and the grid's room, by batch
 * then plant_uid (a plant of two of them is listed for each). Two index probes per plant (its uid; its sub-box with
 * the place columns in sub_gridboxes_plant_key), then each distinct box's place once: a batch's 2,560 plants sit in
 * ~128 boxes, and a probe per plant into grid_boxes cost a third of the statement (issue 19).
 */
export function listPlantsOfBatches(db: Db, companyId: number, batchIds: number[]) {
  return plantsOfBatchesQuery(db, companyId, batchIds).execute();
}
export type LinkedPlantRow = Awaited<ReturnType<typeof listPlantsOfBatches>>[number];

function plantsOfBatchesQuery(db: Db, companyId: number, batchIds: number[]) {
  return db
    .with('pl', (w) =>
      w
        .selectFrom('plant_batches as pb')
        .innerJoin('plants as p', 'p.plant_id', 'pb.plant_id')
        .leftJoin('sub_gridboxes as s', (j) => j.onRef('s.plant_id', '=', 'pb.plant_id').on('s.deleted_at', 'is', null))
        .select([
          'pb.batch_id', 'pb.plant_id', 'p.plant_uid', 'pb.linked_at', 'pb.linked_by',
          's.sub_gridbox_id', 's.parent_gridbox_id', 's.subx', 's.suby', 's.custom_name as sub_custom_name',
        ])
        .where('pb.company_id', '=', companyId)
        .where('pb.batch_id', 'in', batchIds),
    )
    // Made once: planned as the inner side of a loop over the plants, it was remade per plant (40,146 pages for a
    // batch of 132 where the planner expected one plant; migration 2026_12_06_0100).
    .with((cte) => cte('places').materialized(), (w) =>
      w
        .selectFrom((eb) => eb.selectFrom('pl').select('pl.parent_gridbox_id').distinct().where('pl.parent_gridbox_id', 'is not', null).as('d'))
        .innerJoin('grid_boxes as gb', 'gb.grid_box_id', 'd.parent_gridbox_id')
        .innerJoin('grids as g', 'g.grid_id', 'gb.grid_id')
        // A grid's room (the lowest if linked to several), grouped once over the company's links.
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('room_grid as rg')
              .select(['rg.grid_id', (f) => f.fn.min('rg.room_id').as('room_id')])
              .where('rg.company_id', '=', companyId)
              .groupBy('rg.grid_id')
              .as('gr'),
          (j) => j.onRef('gr.grid_id', '=', 'g.grid_id'),
        )
        .leftJoin('rooms as r', 'r.room_id', 'gr.room_id')
        .select([
          'gb.grid_box_id', 'gb.x', 'gb.y', 'gb.custom_name as box_custom_name',
          'g.grid_id', 'g.name as grid_name', 'r.room_id', 'r.name as room_name',
        ]),
    )
    .selectFrom('pl')
    .leftJoin('places', 'places.grid_box_id', 'pl.parent_gridbox_id')
    .select([
      'pl.batch_id', 'pl.plant_id', 'pl.plant_uid', 'pl.linked_at', 'pl.linked_by',
      'places.room_id', 'places.room_name', 'places.grid_id', 'places.grid_name',
      'places.grid_box_id', 'places.x', 'places.y', 'places.box_custom_name',
      'pl.sub_gridbox_id', 'pl.subx', 'pl.suby', 'pl.sub_custom_name',
    ])
    .orderBy('pl.batch_id')
    .orderBy('pl.plant_uid');
}

/**
 * What JavaScript's `trim()` takes off (its WhiteSpace and LineTerminator characters), for `btrim`: a name blank
 * to the contract's gridBoxDisplayName / subGridboxDisplayName is blank here too.
 */
const JS_SPACE = sql.raw(String.raw`E' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'`);
/** The contract's display name of a box or sub-box, made in SQL: its custom name if not blank, else `fallback`. */
const displayName = (custom: string, fallback: string) =>
  sql`CASE WHEN btrim(coalesce(${sql.raw(custom)}, ''), ${JS_SPACE}) = '' THEN ${sql.raw(fallback)} ELSE ${sql.raw(custom)} END`;

/**
 * One batch's plants (listPlantsOfBatches) as the answer's JSON text in `toLinkedPlant`'s wire shape and order,
 * written by PostgreSQL, and how many: a batch has thousands, and making rows, Dates and objects of them to write
 * them out again cost the API more than the statement (issue 19). The routes test checks it against toLinkedPlant.
 */
export async function plantsOfBatchText(db: Db, companyId: number, batchId: number): Promise<{ count: number; plants: string }> {
  const res = await sql<{ count: number; plants: string }>`
    SELECT count(*)::int AS count, coalesce(string_agg(row_to_json(w)::text, ',' ORDER BY w.plant_uid), '') AS plants
    FROM (
      SELECT r.plant_id, r.plant_uid, ${isoUtc('r.linked_at')} AS linked_at, r.linked_by, r.room_id AS "RoomID",
        r.room_name AS "RoomName", r.grid_id AS "GridID", r.grid_name AS "GridName", r.grid_box_id AS "GridBoxID",
        CASE WHEN r.x IS NULL OR r.y IS NULL THEN NULL ELSE ${displayName('r.box_custom_name', `r.x || ',' || r.y`)} END AS "BoxName",
        r.sub_gridbox_id AS "Sub_gridboxID",
        CASE WHEN r.subx IS NULL OR r.suby IS NULL THEN NULL ELSE ${displayName('r.sub_custom_name', `'Sub-' || r.subx || '-' || r.suby`)} END AS "SubGridboxName"
      FROM (${plantsOfBatchesQuery(db, companyId, [batchId])}) r
    ) w`.execute(db);
  return res.rows[0]!;
}
