import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export async function linkCounts(db: Db, batchId: number) {
  const r = await sql<{ linked_plants: number; rooms: number; grids: number; grid_boxes: number }>`
    SELECT
      (SELECT count(*) FROM plant_batches WHERE batch_id = ${batchId})::int AS linked_plants,
      (SELECT count(*) FROM room_batches WHERE batch_id = ${batchId} AND unlinked_at IS NULL)::int AS rooms,
      (SELECT count(*) FROM grid_batches WHERE batch_id = ${batchId})::int AS grids,
      (SELECT count(*) FROM gridbox_batches WHERE batch_id = ${batchId})::int AS grid_boxes`.execute(db);
  return r.rows[0]!;
}

/**
 * The batch's observations (recorded on the batch, or in one of its grid boxes) in a time range, each once.
 * Two index reads joined by UNION (of whole rows, ids included: one row on both sides is kept once) instead of
 * `batch_id = … OR grid_box_id IN (…)`, which no index serves and read every observation of the range (issue 19):
 * the batch index, and per box of the batch the (grid_box_id, observed_at) index.
 */
const observationsOfBatch = (companyId: number, batchId: number, from: Date, to: Date) => sql`
  SELECT o.observation_id, o.observed_at, o.problem, o.severity FROM problem_observations o
  WHERE o.batch_id = ${batchId} AND o.company_id = ${companyId} AND o.status <> 'suspected'
    AND o.observed_at >= ${from} AND o.observed_at < ${to}
  UNION
  SELECT o.observation_id, o.observed_at, o.problem, o.severity
  FROM gridbox_batches gb
  JOIN problem_observations o ON o.grid_box_id = gb.grid_box_id
  WHERE gb.batch_id = ${batchId} AND o.company_id = ${companyId} AND o.status <> 'suspected'
    AND o.observed_at >= ${from} AND o.observed_at < ${to}`;

/** The batch's form responses, as observationsOfBatch (migration 2026_11_29_0410 indexes form_responses by batch). */
const responsesOfBatchSql = (companyId: number, batchId: number, range?: { from: Date; to: Date }) => {
  const inRange = range ? sql`AND f.observed_at >= ${range.from} AND f.observed_at < ${range.to}` : sql``;
  return sql`
    SELECT f.response_id, f.observed_at FROM form_responses f
    WHERE f.batch_id = ${batchId} AND f.company_id = ${companyId} ${inRange}
    UNION
    SELECT f.response_id, f.observed_at FROM gridbox_batches gb
    JOIN form_responses f ON f.grid_box_id = gb.grid_box_id
    WHERE gb.batch_id = ${batchId} AND f.company_id = ${companyId} ${inRange}`;
};

/** Problems recorded for the batch itself or in its grid boxes, per Monday-based week and problem. */
export async function problemsPerWeek(db: Db, companyId: number, batchId: number, from: Date, to: Date) {
  const r = await sql<{ week: string; problem: string; count: number; max_severity: number | null }>`
    SELECT to_char(date_trunc('week', o.observed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
           o.problem, count(*)::int AS count, max(o.severity)::float8 AS max_severity
    FROM (${observationsOfBatch(companyId, batchId, from, to)}) o
    GROUP BY 1, 2
    ORDER BY 1, 2`.execute(db);
  return r.rows;
}

export async function responsesPerWeek(db: Db, companyId: number, batchId: number, from: Date, to: Date) {
  const r = await sql<{ week: string; count: number }>`
    SELECT to_char(date_trunc('week', f.observed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, count(*)::int AS count
    FROM (${responsesOfBatchSql(companyId, batchId, { from, to })}) f
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return r.rows;
}

export interface BatchResponseRow {
  response_id: number;
  template_id: number;
  template_name: string;
  kind: 'box' | 'boxes' | 'room' | 'image';
  status: string;
  room_id: number | null;
  grid_id: number | null;
  grid_box_id: number | null;
  batch_id: number | null;
  submitted_by: number | null;
  submitted_at: Date;
  observed_at: Date;
}

/** The batch's latest 1,000 responses, newest first: the batch's ids first (two index reads), then their rows. */
export async function responsesOfBatch(db: Db, companyId: number, batchId: number): Promise<BatchResponseRow[]> {
  const r = await sql<BatchResponseRow>`
    SELECT f.response_id, f.template_id, t.template_name, f.kind, f.status, f.room_id, f.grid_id, f.grid_box_id,
           f.batch_id, f.submitted_by, f.submitted_at, f.observed_at
    FROM (
      SELECT response_id, observed_at FROM (${responsesOfBatchSql(companyId, batchId)}) ids
      ORDER BY observed_at DESC, response_id DESC LIMIT 1000
    ) ids
    JOIN form_responses f ON f.response_id = ids.response_id
    JOIN form_templates t ON t.template_id = f.template_id
    ORDER BY f.observed_at DESC, f.response_id DESC`.execute(db);
  return r.rows;
}

/** The batch's grid boxes (gridbox_batches) an application named, as `n`, per application. */
const treatedBoxes = (batchId: number) => sql`
  SELECT ab.application_id, count(*)::int AS n
  FROM treatment_application_boxes ab
  WHERE ab.grid_box_id IN (SELECT grid_box_id FROM gridbox_batches WHERE batch_id = ${batchId})
  GROUP BY ab.application_id`;

export interface BatchTreatmentRow {
  application_id: number;
  date: string;
  product: string;
  quantity: number;
  grid_boxes: number;
  reentry_until: Date | null;
  preharvest_until: string | null;
}

/** Applications of spray products to the batch's grid boxes on days from..to (inclusive), newest first. */
export async function treatmentsOfBatch(db: Db, companyId: number, batchId: number, fromDay: string, toDay: string) {
  const r = await sql<BatchTreatmentRow>`
    SELECT a.application_id, to_char(a.application_date, 'YYYY-MM-DD') AS date, p.name AS product,
           a.quantity_used AS quantity, t.n AS grid_boxes, a.reentry_until, to_char(a.preharvest_until, 'YYYY-MM-DD') AS preharvest_until
    FROM (${treatedBoxes(batchId)}) t
    JOIN treatment_applications a ON a.application_id = t.application_id
    JOIN spray_products p ON p.product_id = a.product_id
    WHERE a.company_id = ${companyId} AND a.application_date BETWEEN ${fromDay}::date AND ${toDay}::date
    ORDER BY a.application_date DESC, a.application_id DESC
    LIMIT 500`.execute(db);
  return r.rows;
}

/** Applications on the batch's grid boxes whose pre-harvest interval has not ended on `day` (no harvest before preharvest_until). */
export async function runningPreharvest(db: Db, companyId: number, batchId: number, day: string) {
  const r = await sql<{ application_id: number; product: string; date: string; preharvest_until: string; grid_boxes: number }>`
    SELECT a.application_id, p.name AS product, to_char(a.application_date, 'YYYY-MM-DD') AS date,
           to_char(a.preharvest_until, 'YYYY-MM-DD') AS preharvest_until, t.n AS grid_boxes
    FROM (${treatedBoxes(batchId)}) t
    JOIN treatment_applications a ON a.application_id = t.application_id
    JOIN spray_products p ON p.product_id = a.product_id
    WHERE a.company_id = ${companyId} AND a.preharvest_until > ${day}::date
    ORDER BY a.preharvest_until DESC, a.application_id DESC`.execute(db);
  return r.rows;
}
