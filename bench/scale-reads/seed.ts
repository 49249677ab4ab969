import type { DatabaseHandle } from '../../packages/server/src/db/database.js';
import { hashPassword } from '../../packages/server/src/modules/auth/passwords.js';
import { BOX_LAST_VISITS_RECOMPUTED } from '../../packages/server/src/db/migrations/2026_11_29_0400_box_last_visits.js';
import { ROOM_VERSIONS_RENEWED } from '../../packages/server/src/db/migrations/2026_11_30_0700_room_versions.js';
import { COVERAGE_COUNTS_RENEWED } from '../../packages/server/src/db/migrations/2026_12_01_0300_coverage_counts.js';
import { loadCompany, type Made, type ScaleShape } from './load.js';

/** The tables the history goes into: their secondary indexes are built once after the load instead of row by row. */
const BULK_TABLES = ['plants', 'sub_gridboxes', 'plant_batches', 'problem_observations', 'form_responses', 'field_responses', 'tasks',
  'scans', 'scan_images', 'scan_detections', 'treatment_application_boxes', 'scan_marks', 'audit_events'];

/** Every seeded user's password (a scale database is for benchmarks, never for real data). */
export const SCALE_PASSWORD = 'scale-seed-password';
export const SCALE_COMPANY = 'Scale grower';
export const SCALE_ADMIN_EMAIL = 'admin@scale-grower.example';

export interface ScaleOptions {
  /** The large company's area; 0: no large company (only the small ones, e.g. one small grower alone). */
  hectares: number;
  /** Small companies beside it (the many-growers shape). */
  companies: number;
  /** The large company's scouts (default by area, a quarter per hectare): the 25-scout load signs in one phone per scout. */
  scouts?: number;
}

/**
 * A high-tech tomato site by its area (issue 19): 100 ha ≈ 40 rooms of 4 paths × 40 posts each holding ~3,750
 * cells (≈ 150,000), 20 plants per cell (3 million) in 1,200 batches, 25 scouts, two years at 1,000
 * observations per hectare and week (≈ 10.4 million) and a response for every tenth. Every count is linear in
 * the area; rooms and scouts are at least one.
 */
export function shapeFor(hectares: number): ScaleShape & { scouts: number } {
  const rooms = Math.max(1, Math.round(0.4 * hectares));
  const gridsPerRoom = 4;
  const ny = 40;
  const nx = Math.max(1, Math.ceil((1500 * hectares) / rooms / gridsPerRoom / ny));
  const observations = Math.round(hectares * 1000 * 104);
  return {
    rooms, gridsPerRoom, nx, ny, subPerBox: 20,
    scouts: Math.max(1, Math.round(0.25 * hectares)),
    observations,
    responses: Math.round(observations / 10),
    batches: Math.max(1, Math.round(12 * hectares)),
    audit: Math.round(8000 * hectares),
    tasks: Math.round(800 * hectares),
    scans: Math.round(800 * hectares),
    applications: rooms * gridsPerRoom * 52,
    marks: rooms * gridsPerRoom * 104,
  };
}

/** One of the many small growers: a room of two 5 × 10 grids, 400 plants, two scouts, 1,000 observations. */
export const SMALL: ScaleShape & { scouts: number } = {
  rooms: 1, gridsPerRoom: 2, nx: 5, ny: 10, subPerBox: 4, scouts: 2,
  observations: 1000, responses: 100, batches: 3, audit: 200, tasks: 10, scans: 10, applications: 20, marks: 50,
};

type Log = (line: string) => void;

async function makeCompany(db: DatabaseHandle, name: string, adminEmail: string, scouts: number, passwordHash: string) {
  const companyId = Number((await db.query(`INSERT INTO companies (company_name, contact_email) VALUES ($1, $2) RETURNING company_id`, [name, adminEmail])).rows[0]!.company_id);
  await db.query(`INSERT INTO company_settings (company_id) VALUES ($1)`, [companyId]);
  const local = adminEmail.split('@')[1]!;
  const users = await db.query(`
    INSERT INTO users (company_id, email, first_name, last_name, password_hash, user_role)
    SELECT $1, CASE WHEN i = 0 THEN $2 ELSE 'scout' || i || '@' || $3 END, CASE WHEN i = 0 THEN 'Admin' ELSE 'Scout' END, i::text, $4,
           CASE WHEN i = 0 THEN 'Admin' ELSE 'Regular' END
    FROM generate_series(0, $5::int) i ORDER BY i RETURNING user_id, user_role`, [companyId, adminEmail, local, passwordHash, scouts]);
  const scoutIds = users.rows.filter((u) => u.user_role === 'Regular').map((u) => Number(u.user_id));
  // Weekly scouting, the current round started three days ago.
  await db.query(`INSERT INTO scouting_frequencies (company_id, due_every_days) VALUES ($1, 7)`, [companyId]);
  await db.query(`INSERT INTO scouting_rounds (company_id, started_at, started_by) VALUES ($1, now() - interval '3 days', $2)`, [companyId, users.rows[0]!.user_id]);
  return { companyId, scoutIds };
}

const add = (into: Made, made: Made) => { for (const [k, v] of Object.entries(made)) into[k] = (into[k] ?? 0) + v; };

/**
 * Seeds a migrated, empty database: the large company sized by `hectares` (named SCALE_COMPANY, its admin
 * SCALE_ADMIN_EMAIL), then `companies` small ones, each company's observation days folded, and the planner's
 * statistics and visibility map brought up to date. Answers the large company's id and what was made.
 */
export async function seedScale(db: DatabaseHandle, opts: ScaleOptions, log: Log = () => {}) {
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const shape = { ...shapeFor(opts.hectares || 1), ...(opts.scouts ? { scouts: opts.scouts } : {}) };
  let t = performance.now();
  const lap = () => { const s = (performance.now() - t) / 1000; t = performance.now(); return s.toFixed(1); };
  const big = opts.hectares > 0 ? await makeCompany(db, SCALE_COMPANY, SCALE_ADMIN_EMAIL, shape.scouts, passwordHash) : null;
  const small: Made = {};
  let large: Made = {};
  await bulkLoad(db, log, async () => {
    if (big) {
      large = await loadCompany(db, big.companyId, big.scoutIds, shape, log);
      log(`${SCALE_COMPANY} (${opts.hectares} ha, company ${big.companyId}, ${shape.scouts} scouts): ${lap()} s`);
    }
    for (let i = 1; i <= opts.companies; i++) {
      const c = await makeCompany(db, `Small grower ${i}`, `admin@small-grower-${i}.example`, SMALL.scouts, passwordHash);
      add(small, await loadCompany(db, c.companyId, c.scoutIds, SMALL));
      if (i % 100 === 0 || i === opts.companies) log(`small companies: ${i} of ${opts.companies}, ${lap()} s`);
    }
  });
  log(`indexes built, box_last_visits and problem_observation_days derived: ${lap()} s`);
  // Autovacuum would get there on its own; the benchmark should not time the first reads' hint-bit writes.
  await db.query(`VACUUM (ANALYZE)`);
  log(`vacuum and analyze: ${lap()} s`);
  return { companyId: big?.companyId ?? null, shape, large, small, users: (big ? 1 + shape.scouts : 0) + opts.companies * (1 + SMALL.scouts) };
}

/**
 * A bulk load's window (docs/decisions.md, "Scale seed"): the history tables' secondary indexes are dropped and
 * rebuilt from their own definitions afterwards (a unique one then checks its rows), and the session skips
 * triggers (session_replication_role = replica: foreign-key checks and the kept-value triggers), so a row costs
 * its heap write only. The generator makes every reference from rows it has just written; the kept values are
 * then derived as the migrations derive them for existing data: box_last_visits by the migration's own full
 * recomputation, problem_observation_days as one row per company, day and problem (what compaction leaves).
 * Needs a superuser (the default postgres user; the embedded database is one). The same statements run on the
 * embedded database (PGlite's one session is a superuser, VACUUM and session_replication_role work there); only the
 * index build's sort memory is smaller there.
 */
async function bulkLoad(db: DatabaseHandle, log: Log, run: () => Promise<void>) {
  const indexes = (await db.query(`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename = ANY ($1::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`, [BULK_TABLES])).rows;
  for (const i of indexes) await db.query(`DROP INDEX ${String(i.indexname)}`);
  await db.query(`SET session_replication_role = replica`);
  try {
    await run();
  } finally {
    await db.query(`RESET session_replication_role`);
  }
  // The window skipped the room_versions triggers too: every room gets a new version (rooms module's kept texts).
  await db.query(ROOM_VERSIONS_RENEWED);
  const t0 = performance.now();
  // The embedded database is one WASM heap (at most 2 GB in all): a smaller sort memory there.
  await db.query(`SET maintenance_work_mem = '${db.kind === 'embedded' ? '128MB' : '512MB'}'`);
  for (const i of indexes) await db.query(String(i.indexdef));
  await db.query(`RESET maintenance_work_mem`);
  log(`${indexes.length} indexes built: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Derived without their triggers (a row each, not a statement trigger's netting of 150,000), then the coverage
  // counts rebuilt from them as their migration does.
  await db.query(`SET session_replication_role = replica`);
  try {
    await db.query(`DELETE FROM box_last_visits`);
    await db.query(`INSERT INTO box_last_visits ${BOX_LAST_VISITS_RECOMPUTED}`);
    for (const s of COVERAGE_COUNTS_RENEWED) await db.query(s);
  } finally {
    await db.query(`RESET session_replication_role`);
  }
  await db.query(`DELETE FROM problem_observation_days`);
  await db.query(`
    INSERT INTO problem_observation_days (company_id, day, problem, open_count, resolved_count, dismissed_count, suspected_count)
    SELECT company_id, (observed_at AT TIME ZONE 'UTC')::date, problem, count(*) FILTER (WHERE status = 'open'), count(*) FILTER (WHERE status = 'resolved'),
           count(*) FILTER (WHERE status = 'dismissed'), count(*) FILTER (WHERE status = 'suspected')
    FROM problem_observations GROUP BY 1, 2, 3`);
}
