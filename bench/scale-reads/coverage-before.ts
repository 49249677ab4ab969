import { sql, type Kysely } from 'kysely';
import type { DB } from '../../packages/server/src/db/schema.js';

/**
 * Scouting coverage as it was before issue 19 (commit e658d27): every observation and response of the company
 * read to find each box's last visit. Kept here only so bench/scale-reads.bench.ts can time it beside the kept
 * per-box values in the same run.
 */
export async function coverageBefore(db: Kysely<DB>, companyId: number, now: Date, roomId: number | null, withBoxes: boolean): Promise<unknown[]> {
  const at = now.toISOString();
  const roomFilter = roomId === null ? sql`` : sql`AND r.room_id = ${roomId}`;
  const boxList = withBoxes
    ? sql`array_agg(b.grid_box_id ORDER BY b.grid_box_id) FILTER (WHERE b.is_overdue)`
    : sql`NULL::int[]`;
  const res = await sql`
    WITH company_default AS (
      SELECT due_every_days FROM scouting_frequencies WHERE company_id = ${companyId} AND room_id IS NULL
    ),
    current_round AS (
      SELECT max(started_at) AS started_at FROM scouting_rounds WHERE company_id = ${companyId}
    ),
    rm AS (
      SELECT r.room_id, r.name, f.room_id IS NOT NULL AS room_override,
             COALESCE(f.due_every_days, d.due_every_days) AS due
      FROM rooms r
      LEFT JOIN scouting_frequencies f ON f.company_id = r.company_id AND f.room_id = r.room_id
      LEFT JOIN company_default d ON true
      WHERE r.company_id = ${companyId} ${roomFilter}
    ),
    rounds AS (
      SELECT rm.*,
             GREATEST(cr.started_at, ${at}::timestamptz - make_interval(days => rm.due)) AS round_start,
             ${at}::timestamptz - make_interval(days => rm.due) AS due_since
      FROM rm CROSS JOIN current_round cr
    ),
    bx AS (
      SELECT DISTINCT rg.room_id, g.grid_box_id, g.grid_id
      FROM rm
      JOIN room_grid rg ON rg.room_id = rm.room_id AND rg.company_id = ${companyId}
      JOIN grid_boxes g ON g.grid_id = rg.grid_id AND g.company_id = ${companyId} AND NOT g.culled
    ),
    room_mark AS (
      SELECT DISTINCT ON (room_id) room_id, scanned_at AS at, user_id AS by
      FROM scan_marks WHERE company_id = ${companyId} AND room_id IN (SELECT room_id FROM rm)
      ORDER BY room_id, scanned_at DESC, mark_id DESC
    ),
    grid_mark AS (
      SELECT DISTINCT ON (grid_id) grid_id, scanned_at AS at, user_id AS by
      FROM scan_marks WHERE company_id = ${companyId} AND grid_id IN (SELECT grid_id FROM bx)
      ORDER BY grid_id, scanned_at DESC, mark_id DESC
    ),
    box_obs AS (
      SELECT DISTINCT ON (grid_box_id) grid_box_id, observed_at AS at, observed_by AS by
      FROM problem_observations
      WHERE company_id = ${companyId} AND source <> 'batch_problem' AND grid_box_id IN (SELECT grid_box_id FROM bx)
      ORDER BY grid_box_id, observed_at DESC, observation_id DESC
    ),
    box_resp AS (
      SELECT DISTINCT ON (grid_box_id) grid_box_id, observed_at AS at, submitted_by AS by
      FROM form_responses
      WHERE company_id = ${companyId} AND grid_box_id IN (SELECT grid_box_id FROM bx)
      ORDER BY grid_box_id, observed_at DESC, response_id DESC
    ),
    box AS (
      SELECT bx.room_id, bx.grid_box_id, last.at, last.by,
             (ro.due IS NOT NULL AND (last.at IS NULL OR last.at < ro.due_since)) AS is_overdue,
             (last.at IS NOT NULL AND (ro.round_start IS NULL OR last.at >= ro.round_start)) AS in_round
      FROM bx
      JOIN rounds ro ON ro.room_id = bx.room_id
      LEFT JOIN room_mark rk ON rk.room_id = bx.room_id
      LEFT JOIN grid_mark gk ON gk.grid_id = bx.grid_id
      LEFT JOIN box_obs o ON o.grid_box_id = bx.grid_box_id
      LEFT JOIN box_resp p ON p.grid_box_id = bx.grid_box_id
      LEFT JOIN LATERAL (
        SELECT v.at, v.by FROM (VALUES (rk.at, rk.by), (gk.at, gk.by), (o.at, o.by), (p.at, p.by)) AS v(at, by)
        WHERE v.at IS NOT NULL ORDER BY v.at DESC LIMIT 1
      ) last ON true
    ),
    agg AS (
      SELECT ro.room_id, ro.name, ro.due, ro.room_override, ro.round_start,
             count(b.grid_box_id)::int AS boxes_total,
             (count(b.grid_box_id) FILTER (WHERE b.in_round))::int AS boxes_scouted,
             (count(b.grid_box_id) FILTER (WHERE b.is_overdue))::int AS boxes_overdue,
             max(b.at) AS last_scouted_at,
             (array_agg(b.by ORDER BY b.at DESC) FILTER (WHERE b.at IS NOT NULL))[1] AS last_scouted_by,
             ${boxList} AS overdue_box_ids
      FROM rounds ro
      LEFT JOIN box b ON b.room_id = ro.room_id
      GROUP BY ro.room_id, ro.name, ro.due, ro.room_override, ro.round_start
    )
    SELECT agg.room_id, agg.name, agg.due AS due_every_days, agg.room_override, agg.round_start AS round_started_at,
           agg.boxes_total, agg.boxes_scouted, agg.boxes_overdue, agg.last_scouted_at, agg.last_scouted_by,
           u.first_name, u.last_name, agg.overdue_box_ids
    FROM agg LEFT JOIN users u ON u.user_id = agg.last_scouted_by
    ORDER BY agg.name, agg.room_id`.execute(db);
  return res.rows;
}
