import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { VISIT_DAY } from '../../db/migrations/2026_12_01_0300_coverage_counts.js';

type Db = Kysely<DB> | Transaction<DB>;

export function frequencies(db: Db, companyId: number) {
  return db
    .selectFrom('scouting_frequencies as f')
    .leftJoin('rooms as r', 'r.room_id', 'f.room_id')
    .select(['f.room_id', 'f.due_every_days', 'r.name'])
    .where('f.company_id', '=', companyId)
    .orderBy('r.name')
    .orderBy('f.room_id')
    .execute();
}

export function roomOfCompany(db: Db, companyId: number, roomId: number) {
  return db.selectFrom('rooms').select('room_id').where('room_id', '=', roomId).where('company_id', '=', companyId).executeTakeFirst();
}

/** The row a write replaces, locked so two admins saving at once are applied one after the other. */
export function lockFrequency(trx: Transaction<DB>, companyId: number, roomId: number | null) {
  return trx
    .selectFrom('scouting_frequencies')
    .select(['frequency_id', 'due_every_days'])
    .where('company_id', '=', companyId)
    .where((eb) => (roomId === null ? eb('room_id', 'is', null) : eb('room_id', '=', roomId)))
    .forUpdate()
    .executeTakeFirst();
}

export async function saveFrequency(trx: Transaction<DB>, companyId: number, roomId: number | null, days: number, userId: number) {
  await sql`
    INSERT INTO scouting_frequencies (company_id, room_id, due_every_days, updated_by, updated_at)
    VALUES (${companyId}, ${roomId}, ${days}, ${userId}, now())
    ON CONFLICT (company_id, (COALESCE(room_id, 0)))
    DO UPDATE SET due_every_days = EXCLUDED.due_every_days, updated_by = EXCLUDED.updated_by, updated_at = now()`.execute(trx);
}

export async function clearFrequency(trx: Transaction<DB>, companyId: number, roomId: number | null) {
  await trx
    .deleteFrom('scouting_frequencies')
    .where('company_id', '=', companyId)
    .where((eb) => (roomId === null ? eb('room_id', 'is', null) : eb('room_id', '=', roomId)))
    .execute();
}

export interface CoverageRow {
  room_id: number;
  name: string;
  due_every_days: number | null;
  room_override: boolean;
  round_started_at: Date | string | null;
  boxes_total: number;
  boxes_scouted: number;
  boxes_overdue: number;
  last_scouted_at: Date | string | null;
  last_scouted_by: number | null;
  first_name: string | null;
  last_name: string | null;
  overdue_box_ids: number[] | null;
}

/**
 * Coverage of every room of a company (or one room) in one statement. A box counts as scouted at the
 * latest of: a scan mark of its room, a scan mark of its grid, an observation on it (not a batch-level
 * one) and a form response on it. The last two are kept per box as they are written (box_last_visits,
 * migration 2026_11_29_0400), the marks are one index probe per room and grid: the cost is that of the
 * boxes shown, not of the history. Scouted in the round = at or after round_started_at; overdue = its
 * latest scouting is older than the interval (or never). Culled boxes are not counted. Boxes are reached
 * from the room's grids (room_grid is unique per room and grid, so no DISTINCT over every box) and folded
 * per room by hashing, with no ordered aggregate: at 100 ha the DISTINCT and the sort of 153,600 boxes
 * spilled to disk and took most of the 4.3 s (issue 19).
 * `withBoxes` adds the overdue box ids (asked for one room only: a whole company's list is not shown).
 */
export async function coverage(db: Db, companyId: number, now: Date, roomId: number | null, withBoxes: boolean): Promise<CoverageRow[]> {
  const at = now.toISOString();
  const roomFilter = roomId === null ? sql`` : sql`AND r.room_id = ${roomId}`;
  const boxList = withBoxes
    ? sql`array_agg(b.grid_box_id ORDER BY b.grid_box_id) FILTER (WHERE b.is_overdue)`
    : sql`NULL::int[]`;
  const res = await sql<CoverageRow>`
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
    grids AS (
      SELECT rg.room_id, rg.grid_id FROM rm JOIN room_grid rg ON rg.room_id = rm.room_id AND rg.company_id = ${companyId}
    ),
    room_mark AS (
      SELECT rm.room_id, m.at, m.by FROM rm CROSS JOIN LATERAL (
        SELECT scanned_at AS at, user_id AS by FROM scan_marks
        WHERE room_id = rm.room_id AND company_id = ${companyId} ORDER BY scanned_at DESC, mark_id DESC LIMIT 1
      ) m
    ),
    grid_mark AS (
      SELECT gs.grid_id, m.at, m.by FROM (SELECT DISTINCT grid_id FROM grids) gs CROSS JOIN LATERAL (
        SELECT scanned_at AS at, user_id AS by FROM scan_marks
        WHERE grid_id = gs.grid_id AND company_id = ${companyId} ORDER BY scanned_at DESC, mark_id DESC LIMIT 1
      ) m
    ),
    box AS (
      SELECT gs.room_id, g.grid_box_id, last.at, last.by,
             (ro.due IS NOT NULL AND (last.at IS NULL OR last.at < ro.due_since)) AS is_overdue,
             (last.at IS NOT NULL AND (ro.round_start IS NULL OR last.at >= ro.round_start)) AS in_round
      FROM grids gs
      JOIN grid_boxes g ON g.grid_id = gs.grid_id AND g.company_id = ${companyId} AND NOT g.culled
      JOIN rounds ro ON ro.room_id = gs.room_id
      LEFT JOIN room_mark rk ON rk.room_id = gs.room_id
      LEFT JOIN grid_mark gk ON gk.grid_id = gs.grid_id
      LEFT JOIN box_last_visits o ON o.grid_box_id = g.grid_box_id AND o.company_id = ${companyId}
      -- The latest of the four (GREATEST skips NULLs) and who made it: plain expressions, no sort per box.
      CROSS JOIN LATERAL (SELECT GREATEST(rk.at, gk.at, o.observed_at, o.responded_at) AS at) l0
      CROSS JOIN LATERAL (
        SELECT l0.at, CASE WHEN l0.at IS NULL THEN NULL WHEN rk.at = l0.at THEN rk.by WHEN gk.at = l0.at THEN gk.by
                           WHEN o.observed_at = l0.at THEN o.observed_by ELSE o.responded_by END AS by
      ) last
    ),
    per_room AS (
      SELECT b.room_id, count(*)::int AS boxes_total,
             (count(*) FILTER (WHERE b.in_round))::int AS boxes_scouted,
             (count(*) FILTER (WHERE b.is_overdue))::int AS boxes_overdue,
             max(b.at) AS last_scouted_at,
             -- who made the latest scouting: the greatest (time, user) pair, so no ordered aggregate (a sort of every box)
             (max(ARRAY[extract(epoch FROM b.at), b.by]) FILTER (WHERE b.at IS NOT NULL))[2]::int AS last_scouted_by,
             ${boxList} AS overdue_box_ids
      FROM box b GROUP BY b.room_id
    ),
    agg AS (
      SELECT ro.room_id, ro.name, ro.due, ro.room_override, ro.round_start,
             COALESCE(p.boxes_total, 0) AS boxes_total, COALESCE(p.boxes_scouted, 0) AS boxes_scouted,
             COALESCE(p.boxes_overdue, 0) AS boxes_overdue, p.last_scouted_at, p.last_scouted_by, p.overdue_box_ids
      FROM rounds ro LEFT JOIN per_room p ON p.room_id = ro.room_id
    )
    SELECT agg.room_id, agg.name, agg.due AS due_every_days, agg.room_override, agg.round_start AS round_started_at,
           agg.boxes_total, agg.boxes_scouted, agg.boxes_overdue, agg.last_scouted_at, agg.last_scouted_by,
           u.first_name, u.last_name, agg.overdue_box_ids
    FROM agg LEFT JOIN users u ON u.user_id = agg.last_scouted_by
    ORDER BY agg.name, agg.room_id`.execute(db);
  return res.rows;
}

/**
 * Coverage of every room of a company from the counts kept per grid and day (migration 2026_12_01_0300): the
 * same answer as `coverage` without reading a row per box. Per grid (boxes not culled):
 * - its mark is the later of its room's and its own latest scan mark (the room's on a tie, as `coverage` picks);
 * - the boxes visited since a time T are the day counts after T's day plus the boxes of T's own day visited at or
 *   after T (a range of box_last_visits_grid_visit_idx); only days from the earlier of the room's round start and
 *   due time are read, all of them only when the room has neither;
 * - scouted in the round: every box when the mark is in the round, else those visited since the round start;
 *   overdue: none when the mark is recent enough, else the boxes not visited since the due time;
 * - its latest scouting: its latest visit (one index probe) when later than the mark, else the mark.
 * Rooms fold their grids as `coverage` folds boxes (the greatest time, then the greatest user).
 */
export async function coverageFromCounts(db: Db, companyId: number, now: Date): Promise<CoverageRow[]> {
  const at = now.toISOString();
  const day = (t: string) => sql.raw(VISIT_DAY(t));
  // Boxes of grid g visited at or after t: whole days after t's day, then t's day from t on.
  const since = (t: string) => sql`(
    COALESCE(sum(d.boxes) FILTER (WHERE d.day > ${day(t)}), 0) + (
      SELECT count(*) FROM box_last_visits v
      WHERE v.company_id = ${companyId} AND v.grid_id = g.grid_id AND NOT v.culled AND v.visited_at >= ${sql.raw(t)}
        AND v.visited_at < ((${day(t)} + 1)::timestamp AT TIME ZONE 'UTC')))`;
  const res = await sql<CoverageRow>`
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
      WHERE r.company_id = ${companyId}
    ),
    rounds AS (
      SELECT rm.*,
             GREATEST(cr.started_at, ${at}::timestamptz - make_interval(days => rm.due)) AS round_start,
             ${at}::timestamptz - make_interval(days => rm.due) AS due_since
      FROM rm CROSS JOIN current_round cr
    ),
    room_mark AS (
      SELECT rm.room_id, m.at, m.by FROM rm CROSS JOIN LATERAL (
        SELECT scanned_at AS at, user_id AS by FROM scan_marks
        WHERE room_id = rm.room_id AND company_id = ${companyId} ORDER BY scanned_at DESC, mark_id DESC LIMIT 1
      ) m
    ),
    grids AS (
      SELECT ro.room_id, ro.round_start, ro.due_since, ro.due, rg.grid_id, t.boxes AS total,
             GREATEST(rk.at, gk.at) AS mark_at,
             CASE WHEN gk.at IS NULL OR rk.at >= gk.at THEN rk.by ELSE gk.by END AS mark_by
      FROM rounds ro
      JOIN room_grid rg ON rg.room_id = ro.room_id AND rg.company_id = ${companyId}
      JOIN coverage_grid_totals t ON t.company_id = ${companyId} AND t.grid_id = rg.grid_id AND t.boxes > 0
      LEFT JOIN room_mark rk ON rk.room_id = ro.room_id
      LEFT JOIN LATERAL (
        SELECT scanned_at AS at, user_id AS by FROM scan_marks
        WHERE grid_id = rg.grid_id AND company_id = ${companyId} ORDER BY scanned_at DESC, mark_id DESC LIMIT 1
      ) gk ON true
    ),
    per_grid AS (
      SELECT g.room_id, g.total,
             CASE WHEN g.round_start IS NULL THEN (CASE WHEN g.mark_at IS NOT NULL THEN g.total ELSE COALESCE(sum(d.boxes), 0) END)
                  WHEN g.mark_at >= g.round_start THEN g.total
                  ELSE ${since('g.round_start')} END AS scouted,
             CASE WHEN g.due IS NULL OR g.mark_at >= g.due_since THEN 0
                  ELSE g.total - ${since('g.due_since')} END AS overdue,
             CASE WHEN lv.at IS NOT NULL AND (g.mark_at IS NULL OR lv.at > g.mark_at) THEN lv.at ELSE g.mark_at END AS at,
             CASE WHEN lv.at IS NOT NULL AND (g.mark_at IS NULL OR lv.at > g.mark_at) THEN lv.by ELSE g.mark_by END AS by
      FROM grids g
      LEFT JOIN coverage_grid_days d ON d.company_id = ${companyId} AND d.grid_id = g.grid_id
        AND d.day >= COALESCE(${day('LEAST(g.round_start, g.due_since)')}, '-infinity'::date)
      LEFT JOIN LATERAL (
        SELECT v.visited_at AS at, v.visited_by AS by FROM box_last_visits v
        WHERE v.company_id = ${companyId} AND v.grid_id = g.grid_id AND NOT v.culled AND v.visited_at IS NOT NULL
        ORDER BY v.visited_at DESC, v.visited_by DESC LIMIT 1
      ) lv ON true
      GROUP BY g.room_id, g.grid_id, g.total, g.round_start, g.due_since, g.due, g.mark_at, g.mark_by, lv.at, lv.by
    ),
    per_room AS (
      SELECT p.room_id, sum(p.total)::int AS boxes_total, sum(p.scouted)::int AS boxes_scouted, sum(p.overdue)::int AS boxes_overdue,
             max(p.at) AS last_scouted_at,
             (max(ARRAY[extract(epoch FROM p.at), p.by]) FILTER (WHERE p.at IS NOT NULL))[2]::int AS last_scouted_by
      FROM per_grid p GROUP BY p.room_id
    ),
    agg AS (
      SELECT ro.room_id, ro.name, ro.due, ro.room_override, ro.round_start,
             COALESCE(p.boxes_total, 0) AS boxes_total, COALESCE(p.boxes_scouted, 0) AS boxes_scouted,
             COALESCE(p.boxes_overdue, 0) AS boxes_overdue, p.last_scouted_at, p.last_scouted_by
      FROM rounds ro LEFT JOIN per_room p ON p.room_id = ro.room_id
    )
    SELECT agg.room_id, agg.name, agg.due AS due_every_days, agg.room_override, agg.round_start AS round_started_at,
           agg.boxes_total, agg.boxes_scouted, agg.boxes_overdue, agg.last_scouted_at, agg.last_scouted_by,
           u.first_name, u.last_name, NULL::int[] AS overdue_box_ids
    FROM agg LEFT JOIN users u ON u.user_id = agg.last_scouted_by
    ORDER BY agg.name, agg.room_id`.execute(db);
  return res.rows;
}
