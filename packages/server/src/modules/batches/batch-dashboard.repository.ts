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

/** Problems recorded for the batch itself or in its grid boxes, per Monday-based week and problem. */
export async function problemsPerWeek(db: Db, companyId: number, batchId: number, from: Date, to: Date) {
  const r = await sql<{ week: string; problem: string; count: number; max_severity: number | null }>`
    SELECT to_char(date_trunc('week', o.observed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
           o.problem, count(*)::int AS count, max(o.severity)::float8 AS max_severity
    FROM problem_observations o
    WHERE o.company_id = ${companyId}
      AND o.observed_at >= ${from} AND o.observed_at < ${to}
      AND (o.batch_id = ${batchId}
           OR o.grid_box_id IN (SELECT grid_box_id FROM gridbox_batches WHERE batch_id = ${batchId}))
    GROUP BY 1, 2
    ORDER BY 1, 2`.execute(db);
  return r.rows;
}

export async function responsesPerWeek(db: Db, companyId: number, batchId: number, from: Date, to: Date) {
  const r = await sql<{ week: string; count: number }>`
    SELECT to_char(date_trunc('week', f.observed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, count(*)::int AS count
    FROM form_responses f
    WHERE f.company_id = ${companyId}
      AND f.observed_at >= ${from} AND f.observed_at < ${to}
      AND (f.batch_id = ${batchId}
           OR f.grid_box_id IN (SELECT grid_box_id FROM gridbox_batches WHERE batch_id = ${batchId}))
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return r.rows;
}

export function responsesOfBatch(db: Db, companyId: number, batchId: number) {
  return db
    .selectFrom('form_responses as f')
    .innerJoin('form_templates as t', 't.template_id', 'f.template_id')
    .select([
      'f.response_id', 'f.template_id', 't.template_name', 'f.kind', 'f.status', 'f.room_id', 'f.grid_id', 'f.grid_box_id',
      'f.batch_id', 'f.submitted_by', 'f.submitted_at', 'f.observed_at',
    ])
    .where('f.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('f.batch_id', '=', batchId),
        eb('f.grid_box_id', 'in', eb.selectFrom('gridbox_batches').select('grid_box_id').where('batch_id', '=', batchId)),
      ]),
    )
    .orderBy('f.observed_at', 'desc')
    .orderBy('f.response_id', 'desc')
    .limit(1000)
    .execute();
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
