import { sql } from 'kysely';
import type { BoxThresholdCrossing, EndpointInput, thresholdsEndpoints } from '@verdant/contract';
import type { Deps } from '../../lib/deps.js';
import { notFound } from '../../lib/errors.js';
import type { Caller } from '../../plugins/auth.js';

type CrossingsInput = EndpointInput<(typeof thresholdsEndpoints)['getThresholdCrossingsForBoxes']>;

/**
 * The crossings running now (window not ended, threshold not deleted) in the rooms of the named boxes, each with the
 * asked boxes it covers: crossings are measured per room (thresholds.evaluate.ts), so a box carries its room's. Red
 * first, then the latest; at most `limit`. A box that is not the caller's company's answers 404 (naming none of
 * them). Crossings of observations without a room belong to no box and are never answered.
 */
export async function crossingsForBoxes({ db }: Deps, caller: Caller, input: CrossingsInput) {
  const companyId = caller.company_id;
  const boxIds = [...new Set(input.GridBoxIDs)].sort((a, b) => a - b);
  const own = await db.selectFrom('grid_boxes').select(sql<number>`count(*)::int`.as('n'))
    .where('company_id', '=', companyId).where('grid_box_id', 'in', boxIds).executeTakeFirstOrThrow();
  if (own.n !== boxIds.length) throw notFound('Grid box');
  const { rows } = await sql<{
    crossing_id: number; threshold_id: number; problem: string; level: 'amber' | 'red'; metric: 'count' | 'severity'; value: number;
    amber: number; red: number; window_hours: number; room_id: number; room_name: string; crossed_at: Date; window_end: Date; grid_box_ids: number[];
  }>`
    WITH boxes AS (
      SELECT DISTINCT gb.grid_box_id, rg.room_id
      FROM grid_boxes gb
      JOIN room_grid rg ON rg.grid_id = gb.grid_id AND rg.company_id = ${companyId}
      WHERE gb.company_id = ${companyId} AND gb.grid_box_id = ANY(${sql.val(boxIds)}::int[])
    )
    SELECT c.crossing_id, c.threshold_id, t.problem, c.level, t.metric, c.value::float8 AS value, t.amber::float8 AS amber,
           t.red::float8 AS red, t.window_hours, c.room_id, r.name AS room_name, c.window_start AS crossed_at, c.window_end,
           array_agg(b.grid_box_id ORDER BY b.grid_box_id) AS grid_box_ids
    FROM (SELECT DISTINCT room_id FROM boxes) br
    JOIN threshold_crossings c ON c.company_id = ${companyId} AND c.room_id = br.room_id AND c.window_end > now()
    JOIN action_thresholds t ON t.threshold_id = c.threshold_id AND t.company_id = ${companyId} AND t.deleted_at IS NULL
    JOIN rooms r ON r.room_id = c.room_id AND r.company_id = ${companyId}
    JOIN boxes b ON b.room_id = c.room_id
    GROUP BY c.crossing_id, t.threshold_id, r.room_id
    ORDER BY (c.level = 'red') DESC, c.window_start DESC, c.crossing_id DESC
    LIMIT ${input.limit}`.execute(db);
  const crossings: BoxThresholdCrossing[] = rows.map((r) => ({
    ...r,
    value: Number(r.value), amber: Number(r.amber), red: Number(r.red), window_hours: Number(r.window_hours),
    crossed_at: new Date(r.crossed_at).toISOString(), window_end: new Date(r.window_end).toISOString(),
    grid_box_ids: r.grid_box_ids.map(Number),
  }));
  return { status: 'success' as const, crossings };
}

/**
 * Which of these crossings are the company's (for an application naming them as targets), each with the problem
 * its threshold watches as a problem of the library or the company when one has that name (the company's own
 * first), so the register lists the crossing's problem among the targets.
 */
export async function ownCrossingIds({ db }: Deps, companyId: number, ids: readonly number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ crossing_id: number; problem_id: number | null }>`
    SELECT c.crossing_id,
           (SELECT pp.problem_id FROM plant_problems pp
             WHERE lower(pp.name) = lower(t.problem) AND (pp.company_id = ${companyId} OR pp.company_id IS NULL)
             ORDER BY pp.company_id NULLS LAST, pp.problem_id LIMIT 1) AS problem_id
    FROM threshold_crossings c
    JOIN action_thresholds t ON t.threshold_id = c.threshold_id AND t.company_id = ${companyId}
    WHERE c.company_id = ${companyId} AND c.crossing_id = ANY(${sql.val([...ids])}::int[])`.execute(db);
  return new Map(rows.map((r) => [Number(r.crossing_id), r.problem_id === null ? null : Number(r.problem_id)]));
}
