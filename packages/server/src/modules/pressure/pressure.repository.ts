import { sql, type Kysely } from 'kysely';
import { TRAP_INSECTS_PER_OBSERVATION } from '@verdant/contract';
import type { DB } from '../../db/schema.js';

export interface PressureWindow {
  /** First day of the first frame and last day of the last frame (YYYY-MM-DD, both included). */
  first: string;
  last: string;
  /** Days per frame: 7 (Monday weeks) or 1. */
  frameDays: number;
  timeZone: string;
}

/**
 * One row per box and frame with pressure (`grid_box_id`, `frame`, `v`), then one row per problem seen
 * (`name` only). Both come from one scan of the facts, materialised once, so the map's whole range is
 * one statement.
 */
export interface PressureRow {
  grid_box_id: number | null;
  frame: number | null;
  v: number | null;
  name: string | null;
}

export function roomOfCompany(db: Kysely<DB>, companyId: number, roomId: number) {
  return db.selectFrom('rooms').select('room_id').where('room_id', '=', roomId).where('company_id', '=', companyId).executeTakeFirst();
}

export async function hotThreshold(db: Kysely<DB>, companyId: number): Promise<number | undefined> {
  const row = await db.selectFrom('company_settings').select('threshold_warning').where('company_id', '=', companyId).executeTakeFirst();
  return row?.threshold_warning;
}

/**
 * The statement behind the pressure map (also run bare by bench/pressure.bench.ts). Facts are the room's
 * boxes' problem observations (any source but dismissed ones) counted once each, and their sticky-trap
 * counts divided by TRAP_INSECTS_PER_OBSERVATION (only responses of forms with a trap-count field are read); a frame is (day in the zone − first) / frameDays.
 * `problem` (case-insensitive) keeps the facts of that problem or trap field; the problem list ignores it.
 */
export function pressureStatement(companyId: number, roomId: number, w: PressureWindow, problem: string | null) {
  const from = sql`(${w.first}::date)::timestamp AT TIME ZONE ${w.timeZone}`;
  const to = sql`((${w.last}::date + 1)::timestamp AT TIME ZONE ${w.timeZone})`;
  const frameOf = (column: string) =>
    sql`((${sql.ref(column)} AT TIME ZONE ${w.timeZone})::date - ${w.first}::date) / ${w.frameDays}::int`;
  const picked = problem === null ? sql`true` : sql`lname = lower(${problem})`;
  return sql<PressureRow>`
    WITH boxes AS (
      SELECT b.grid_box_id FROM room_grid rg JOIN grid_boxes b ON b.grid_id = rg.grid_id
      WHERE rg.room_id = ${roomId} AND rg.company_id = ${companyId} AND b.company_id = ${companyId}
    ),
    -- The company's trap-count fields: a response of any other form holds no trap count, and with none the branch is skipped.
    traps AS MATERIALIZED (
      SELECT f.field_id, f.template_id, f.field_name FROM form_templates t JOIN form_fields f ON f.template_id = t.template_id
      WHERE t.company_id = ${companyId} AND f.field_type = 'sticky-trap-count'
    ),
    facts AS MATERIALIZED (
      SELECT o.grid_box_id, ${frameOf('o.observed_at')} AS frame, lower(o.problem) AS lname, min(o.problem) AS name,
             count(*)::float8 AS v
      FROM boxes JOIN problem_observations o ON o.grid_box_id = boxes.grid_box_id
      WHERE o.company_id = ${companyId} AND o.status IN ('open', 'resolved') AND o.observed_at >= ${from} AND o.observed_at < ${to}
      GROUP BY 1, 2, 3
      UNION ALL
      SELECT r.grid_box_id, ${frameOf('r.observed_at')}, lower(btrim(f.field_name)), min(btrim(f.field_name)),
             sum(fr.input_data::float8) / ${TRAP_INSECTS_PER_OBSERVATION}
      FROM boxes JOIN form_responses r ON r.grid_box_id = boxes.grid_box_id AND r.template_id IN (SELECT template_id FROM traps)
      JOIN field_responses fr ON fr.response_id = r.response_id
      JOIN traps f ON f.field_id = fr.field_id
      WHERE EXISTS (SELECT 1 FROM traps) AND r.company_id = ${companyId} AND r.observed_at >= ${from} AND r.observed_at < ${to}
        AND fr.input_data ~ '^\\s*[0-9]{1,9}(\\.[0-9]+)?\\s*$'
      GROUP BY 1, 2, 3
    )
    SELECT grid_box_id, frame, sum(v) AS v, NULL::text AS name FROM facts WHERE ${picked} GROUP BY 1, 2 HAVING sum(v) > 0
    UNION ALL
    SELECT NULL, NULL, NULL, min(name) FROM facts WHERE v > 0 GROUP BY lname
  `;
}

/**
 * The statement runs without JIT: at 100 ha its estimate (a probe per box of the room, 3,840) passes
 * jit_above_cost, and compiling its expressions took 40–70 ms of a 165–230 ms run for a plan that reads ~30,000
 * index rows (90 ms without). SET LOCAL keeps it to this transaction (issue 19; docs/decisions.md).
 */
export async function pressureRows(db: Kysely<DB>, companyId: number, roomId: number, w: PressureWindow, problem: string | null) {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL jit = off`.execute(trx);
    return (await pressureStatement(companyId, roomId, w, problem).execute(trx)).rows;
  });
}
