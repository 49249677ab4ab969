import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface EffectQuery {
  companyId: number;
  /** Applications made on these days (inclusive) are measured. */
  start: string;
  end: string;
  /** Only boxes of these rooms count; empty = every room. */
  roomIds: number[];
  weeksBefore: number;
  weeksAfter: number;
}

/** The boxes each application in the range treated (only the rooms' boxes when rooms are asked for). */
function treatedBoxes(q: EffectQuery) {
  const inRooms = q.roomIds.length
    ? sql`AND ab.grid_box_id IN (
        SELECT gb.grid_box_id FROM grid_boxes gb JOIN room_grid rg ON rg.grid_id = gb.grid_id
        WHERE rg.company_id = ${q.companyId} AND rg.room_id = ANY(${q.roomIds}::int[]))`
    : sql``;
  return sql`
    SELECT a.application_id, a.product_id, a.application_date, ab.grid_box_id
    FROM treatment_applications a
    JOIN treatment_application_boxes ab ON ab.application_id = a.application_id
    WHERE a.company_id = ${q.companyId} AND a.application_date BETWEEN ${q.start}::date AND ${q.end}::date ${inRooms}`;
}

/** Each application of the range with its product and how many of the asked-for boxes it treated. */
export async function applicationsInRange(db: Kysely<DB>, q: EffectQuery) {
  const result = await sql<{ application_id: number; product_id: number; product_name: string; grid_box_id: number }>`
    WITH t AS (${treatedBoxes(q)})
    SELECT t.application_id, t.product_id, p.name AS product_name, t.grid_box_id
    FROM t JOIN spray_products p ON p.product_id = t.product_id
    ORDER BY p.name, t.product_id, t.application_id, t.grid_box_id`.execute(db);
  return result.rows;
}

/**
 * Observations on each application's treated boxes by week from it: week 0 is the application day and the
 * six after it, -1 the seven days before, and so on (days in UTC, as the trend reports count them).
 * Dismissed and suspected observations are left out, as in every trend report.
 */
export async function observationsByWeek(db: Kysely<DB>, q: EffectQuery) {
  const result = await sql<{ application_id: number; week: number; observations: number }>`
    WITH t AS (${treatedBoxes(q)}),
    o AS (
      SELECT t.application_id,
             floor(((o.observed_at AT TIME ZONE 'UTC')::date - t.application_date) / 7.0)::int AS week
      FROM t
      JOIN problem_observations o ON o.grid_box_id = t.grid_box_id AND o.company_id = ${q.companyId}
      WHERE o.status IN ('open', 'resolved')
        AND (o.observed_at AT TIME ZONE 'UTC')::date >= t.application_date - ${q.weeksBefore * 7}::int
        AND (o.observed_at AT TIME ZONE 'UTC')::date < t.application_date + ${(q.weeksAfter + 1) * 7}::int
    )
    SELECT application_id, week, count(*)::int AS observations FROM o GROUP BY application_id, week`.execute(db);
  return result.rows;
}
