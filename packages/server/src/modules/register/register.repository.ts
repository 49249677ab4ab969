import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface RegisterFilter {
  companyId: number;
  from: string;
  to: string;
  roomId: number | null;
}

/** Where the page resumes: after this (day, application) in the export's order. */
export interface RegisterKey { day: string; applicationId: number }

/** One product of one application, with everything any export carries. */
export interface RegisterLine {
  application_id: number;
  line_no: number;
  day: string;
  applied_at: Date | null;
  started_at: Date | null;
  ended_at: Date | null;
  product_name: string;
  authorisation_number: string | null;
  authorisation_country: string | null;
  product_type: string | null;
  active_substances: string | null;
  quantity_used: number;
  quantity_unit: string | null;
  dose: number | null;
  dose_unit: string | null;
  preharvest_interval_days: number | null;
  reentry_interval_hours: number | null;
  crop_eppo: string | null;
  crop_name: string | null;
  bbch: number | null;
  area_m2: number | null;
  area_source: string | null;
  water_volume_l: number | null;
  equipment: string | null;
  weather: { temperature_c?: number; humidity_pct?: number; wind_speed_ms?: number; conditions?: string; source?: string } | null;
  notes: string | null;
  operator_name: string | null;
  operator_licence: string | null;
  rooms: string | null;
  box_count: number;
  boxes: string | null;
  targets: string | null;
  target_eppo: string | null;
  releases: string | null;
  reentry_until: Date | null;
  preharvest_until: string | null;
}

/** The applications in the period (and with a box in the room): one index range on (company, day). */
const inScope = (f: RegisterFilter) => sql`
  a.company_id = ${f.companyId} AND a.application_date BETWEEN ${f.from}::date AND ${f.to}::date
  ${f.roomId === null ? sql`` : sql`AND EXISTS (
    SELECT 1 FROM treatment_application_boxes ab
    JOIN grid_boxes gb ON gb.grid_box_id = ab.grid_box_id
    JOIN room_grid rg ON rg.grid_id = gb.grid_id
    WHERE ab.application_id = a.application_id AND rg.room_id = ${f.roomId})`}`;

export async function countRegister(db: Kysely<DB>, f: RegisterFilter): Promise<{ applications: number; lines: number }> {
  const r = await sql<{ applications: number; lines: number }>`
    SELECT count(*)::int AS applications,
           coalesce(sum((SELECT count(*) FROM treatment_application_products l WHERE l.application_id = a.application_id)), 0)::int AS lines
    FROM treatment_applications a WHERE ${inScope(f)}`.execute(db);
  return r.rows[0] ?? { applications: 0, lines: 0 };
}

/**
 * Up to `limit` applications after `after`, as their product lines (in order), with boxes, rooms, targets and
 * releases gathered per application. Keyset paging: each page is one short statement, so a long export holds
 * no session or snapshot between pages (the embedded database has one session for everyone). The gathering is
 * LATERAL, by index per application of the page: joined as sets, each page read every box row of the company
 * (bench/register-export.bench.ts: 7.9 s for 50,000 applications, most of it those scans).
 */
export async function registerPage(db: Kysely<DB>, f: RegisterFilter, after: RegisterKey | null, limit: number, offset = 0): Promise<RegisterLine[]> {
  return (await registerPageSql(f, after, limit, offset).execute(db)).rows;
}

/** The page's statement, also for bench/register-export.bench.ts to EXPLAIN. */
export const registerPageSql = (f: RegisterFilter, after: RegisterKey | null, limit: number, offset = 0) => sql<RegisterLine>`
    WITH page AS MATERIALIZED (
      SELECT a.* FROM treatment_applications a
      WHERE ${inScope(f)}
        ${after === null ? sql`` : sql`AND (a.application_date, a.application_id) > (${after.day}::date, ${after.applicationId})`}
      ORDER BY a.application_date, a.application_id
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT p.application_id, l.line_no, to_char(p.application_date, 'YYYY-MM-DD') AS day, p.applied_at, p.started_at, p.ended_at,
           sp.name AS product_name, sp.authorisation_number, sp.authorisation_country, sp.product_type,
           (SELECT string_agg(s->>'name' || coalesce(' ' || (s->>'concentration') || ' ' || coalesce(s->>'concentration_unit', ''), ''), '; ')
              FROM jsonb_array_elements(sp.active_substances) s) AS active_substances,
           l.quantity_used, l.quantity_unit, l.dose, l.dose_unit, sp.preharvest_interval_days, sp.reentry_interval_hours,
           p.crop_eppo, p.crop_name, p.bbch, p.area_m2, p.area_source, p.water_volume_l, p.equipment, p.weather, p.notes,
           nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS operator_name, p.operator_licence,
           b.rooms, b.box_count, b.boxes, t.targets, t.target_eppo, rl.releases,
           p.reentry_until, to_char(p.preharvest_until, 'YYYY-MM-DD') AS preharvest_until
    FROM page p
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS box_count,
             string_agg(DISTINCT r.name, '; ') AS rooms,
             string_agg(g.name || ' ' || gb.x || ',' || gb.y, '; ' ORDER BY g.name, gb.y, gb.x) AS boxes
      FROM treatment_application_boxes ab
      JOIN grid_boxes gb ON gb.grid_box_id = ab.grid_box_id
      JOIN grids g ON g.grid_id = gb.grid_id
      LEFT JOIN room_grid rg ON rg.grid_id = g.grid_id
      LEFT JOIN rooms r ON r.room_id = rg.room_id
      WHERE ab.application_id = p.application_id
    ) b
    CROSS JOIN LATERAL (
      SELECT string_agg(DISTINCT pp.name, '; ') AS targets, string_agg(DISTINCT coalesce(pc.eppo_code, pp.eppo_code), '; ') AS target_eppo
      FROM treatment_application_targets ta
      JOIN plant_problems pp ON pp.problem_id = ta.problem_id
      LEFT JOIN problem_eppo_codes pc ON pc.company_id = ${f.companyId} AND pc.problem_id = pp.problem_id
      WHERE ta.application_id = p.application_id
    ) t
    CROSS JOIN LATERAL (
      SELECT string_agg(x.species || ' ' || x.quantity_per_m2 || '/m² (' || x.method || ')', '; ' ORDER BY x.release_id) AS releases
      FROM treatment_application_releases x WHERE x.application_id = p.application_id
    ) rl
    CROSS JOIN LATERAL (
      SELECT * FROM treatment_application_products x WHERE x.application_id = p.application_id
    ) l
    JOIN spray_products sp ON sp.product_id = l.product_id
    LEFT JOIN users u ON u.user_id = p.applied_by
    ORDER BY p.application_date, p.application_id, l.line_no`;

export async function ownRoom(db: Kysely<DB>, companyId: number, roomId: number): Promise<boolean> {
  const r = await db.selectFrom('rooms').select('room_id').where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
  return r !== undefined;
}
