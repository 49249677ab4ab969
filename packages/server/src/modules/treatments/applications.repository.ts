import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ApplicationWeatherJson } from '../../db/tables/application-register.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Of `ids`, those that are grid boxes of the company. */
export async function ownBoxIds(db: Db, companyId: number, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', companyId).where('grid_box_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.grid_box_id));
}

/** The boxes' area from their grids' cell size: null when a grid of them has none set. */
export async function boxesArea(db: Db, companyId: number, ids: readonly number[]): Promise<number | null> {
  const r = await sql<{ area: number | null; unset: number }>`
    SELECT sum(g.cell_area_m2)::float8 AS area, count(*) FILTER (WHERE g.cell_area_m2 IS NULL)::int AS unset
    FROM grid_boxes b JOIN grids g ON g.grid_id = b.grid_id
    WHERE b.company_id = ${companyId} AND b.grid_box_id = ANY(${[...ids]}::int[])`.execute(db);
  const row = r.rows[0];
  return row && row.unset === 0 && row.area !== null ? row.area : null;
}

export async function operatorLicence(db: Db, userId: number): Promise<string | null> {
  const r = await db.selectFrom('users').select('spray_licence_number').where('user_id', '=', userId).executeTakeFirst();
  return r?.spray_licence_number ?? null;
}

/** Of `ids`, the problems the company may target: the shared library's and its own. */
export async function knownProblemIds(db: Db, companyId: number, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('plant_problems')
    .select('problem_id')
    .where('problem_id', 'in', ids)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .execute();
  return new Set(rows.map((r) => r.problem_id));
}

export async function ownObservations(db: Db, companyId: number, ids: readonly number[]) {
  return db
    .selectFrom('problem_observations')
    .select(['observation_id', 'problem_id'])
    .where('company_id', '=', companyId)
    .where('observation_id', 'in', ids)
    .execute();
}

export interface NewApplication {
  company_id: number;
  product_id: number;
  application_date: string;
  applied_at: Date | null;
  quantity_used: number;
  reentry_until: Date | null;
  preharvest_until: string | null;
  applied_by: number;
  started_at: Date | null;
  ended_at: Date | null;
  operator_licence: string | null;
  equipment: string | null;
  crop_eppo: string | null;
  crop_name: string | null;
  bbch: number | null;
  area_m2: number | null;
  area_source: 'grid' | 'typed' | null;
  water_volume_l: number | null;
  weather: ApplicationWeatherJson | null;
  notes: string | null;
}

export interface NewProductLine {
  product_id: number;
  quantity_used: number;
  quantity_unit: string | null;
  dose: number | null;
  dose_unit: string | null;
}

export interface NewRelease { species: string; quantity_per_m2: number; method: string }
export interface NewTarget { problem_id: number | null; observation_id: number | null; crossing_id?: number | null }

export async function insertApplication(
  trx: Transaction<DB>,
  row: NewApplication,
  boxIds: readonly number[],
  more: { products: readonly NewProductLine[]; releases: readonly NewRelease[]; targets: readonly NewTarget[] },
): Promise<number> {
  const { weather, ...plain } = row;
  const made = await trx
    .insertInto('treatment_applications')
    .values({ ...plain, weather: weather === null ? null : JSON.stringify(weather) })
    .returning('application_id')
    .executeTakeFirstOrThrow();
  const id = made.application_id;
  await trx.insertInto('treatment_application_boxes').values(boxIds.map((grid_box_id) => ({ application_id: id, grid_box_id }))).execute();
  await trx.insertInto('treatment_application_products').values(more.products.map((p, i) => ({ application_id: id, line_no: i + 1, ...p }))).execute();
  if (more.releases.length > 0) {
    await trx.insertInto('treatment_application_releases').values(more.releases.map((r) => ({ application_id: id, ...r }))).execute();
  }
  if (more.targets.length > 0) {
    await trx.insertInto('treatment_application_targets').values(more.targets.map((t) => ({ application_id: id, ...t }))).execute();
  }
  return id;
}

export async function findApplication(db: Db, companyId: number, applicationId: number) {
  const head = await db
    .selectFrom('treatment_applications as a')
    .innerJoin('spray_products as p', 'p.product_id', 'a.product_id')
    .select([
      'a.application_id', 'a.application_date', 'a.applied_at', 'a.quantity_used', 'a.reentry_until', 'a.preharvest_until', 'a.applied_by',
      'a.product_id', 'p.name as product_name', 'a.started_at', 'a.ended_at', 'a.operator_licence', 'a.equipment', 'a.crop_eppo',
      'a.crop_name', 'a.bbch', 'a.area_m2', 'a.area_source', 'a.water_volume_l', 'a.weather', 'a.notes',
    ])
    .where('a.company_id', '=', companyId)
    .where('a.application_id', '=', applicationId)
    .executeTakeFirst();
  if (!head) return undefined;
  const [boxes, products, releases, targets] = await Promise.all([
    db.selectFrom('treatment_application_boxes').select('grid_box_id').where('application_id', '=', applicationId).orderBy('grid_box_id').execute(),
    db
      .selectFrom('treatment_application_products as l')
      .innerJoin('spray_products as p', 'p.product_id', 'l.product_id')
      .select(['l.product_id', 'p.name as product_name', 'l.quantity_used', 'l.quantity_unit', 'l.dose', 'l.dose_unit'])
      .where('l.application_id', '=', applicationId)
      .orderBy('l.line_no')
      .execute(),
    db.selectFrom('treatment_application_releases').select(['species', 'quantity_per_m2', 'method']).where('application_id', '=', applicationId).orderBy('release_id').execute(),
    db.selectFrom('treatment_application_targets').select(['problem_id', 'observation_id', 'crossing_id']).where('application_id', '=', applicationId).execute(),
  ]);
  return { ...head, grid_box_ids: boxes.map((b) => b.grid_box_id), products, releases, targets };
}
export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

/**
 * Applications of `productId` in the current crop cycle of the boxes: the batches linked to them
 * (gridbox_batches), counted from each batch's start date (its creation when none), on any box of that batch.
 * Boxes with no batch have no known cycle and count nothing (docs/decisions.md).
 */
export async function applicationsInCycle(db: Db, companyId: number, productId: number, boxIds: readonly number[]) {
  const r = await sql<{ batch_id: number; batch_number: string; since: string; n: number }>`
    WITH cycle AS (
      SELECT DISTINCT b.batch_id, b.batch_number, coalesce(b.start_date, b.created_at::date) AS since
      FROM gridbox_batches gb JOIN batches b ON b.batch_id = gb.batch_id
      WHERE gb.company_id = ${companyId} AND gb.grid_box_id = ANY(${[...boxIds]}::int[]) AND b.harvested_at IS NULL
    )
    SELECT c.batch_id, c.batch_number, to_char(c.since, 'YYYY-MM-DD') AS since,
      (SELECT count(DISTINCT a.application_id)::int
         FROM treatment_applications a
         JOIN treatment_application_products l ON l.application_id = a.application_id AND l.product_id = ${productId}
         JOIN treatment_application_boxes ab ON ab.application_id = a.application_id
         JOIN gridbox_batches g2 ON g2.grid_box_id = ab.grid_box_id AND g2.batch_id = c.batch_id
         WHERE a.company_id = ${companyId} AND a.application_date >= c.since) AS n
    FROM cycle c ORDER BY n DESC LIMIT 1`.execute(db);
  return r.rows[0];
}

export interface SideEffectHit { product_name: string; species: string; effect: string; released: string; until: string }

/**
 * Beneficials released in any of the boxes that a product of the mix harms (harmful or moderately so) and whose
 * release falls within the product's persistence before `day`: the spray would hit them.
 */
export async function beneficialsHit(db: Db, companyId: number, productIds: readonly number[], boxIds: readonly number[], day: string) {
  const r = await sql<SideEffectHit>`
    SELECT DISTINCT p.name AS product_name, r.species, s.effect, to_char(a.application_date, 'YYYY-MM-DD') AS released,
           to_char(a.application_date + s.persistence_days, 'YYYY-MM-DD') AS until
    FROM treatment_application_releases r
    JOIN treatment_applications a ON a.application_id = r.application_id
    JOIN beneficial_side_effects s ON s.company_id = ${companyId} AND lower(s.species) = lower(r.species)
      AND s.product_id = ANY(${[...productIds]}::int[]) AND s.effect <> 'harmless'
    JOIN spray_products p ON p.product_id = s.product_id
    WHERE a.company_id = ${companyId} AND a.application_date <= ${day}::date
      AND a.application_date + s.persistence_days >= ${day}::date
      AND EXISTS (SELECT 1 FROM treatment_application_boxes ab WHERE ab.application_id = a.application_id AND ab.grid_box_id = ANY(${[...boxIds]}::int[]))
    ORDER BY released, product_name, species`.execute(db);
  return r.rows;
}
