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
