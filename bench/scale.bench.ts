/**
 * Scale (issue 19): every read a grower opens, on the tenant `npm run seed:scale` made, at 4 concurrent requests
 * beside its bare SQL in the same run. A screen that asks several things at once (the overview's cards, a room's
 * map, a box, a batch) is one read: its requests in parallel, done when the last one is.
 * The bare SQL of a read is the statements the app ran for it, caught on the pg client as one request of it ran
 * alone and replayed in order on a connection of their own per request (no HTTP, auth, checks or JSON); a write
 * among them (none is expected of a GET) is left out and counted. The same statements are also timed behind a bare
 * Fastify route (scale-reads/bare-route.ts): what any HTTP read costs on this machine, apart from the app's own work.
 * Also the API's resident memory, each read's peak and the run's (on a server the API runs in a child process of its
 * own, scale-reads/api-process.ts, so the bare replays' results do not count against it), and the answers' bytes as a
 * browser gets them (br).
 * Args: --database-url (the server, default postgres://postgres@127.0.0.1:5432/), --database (default verdant_scale);
 * or --embedded <dir> (a PGlite data directory `npm run seed:scale -- --embedded <dir>` made): the app opens it, and the
 * bare SQL runs through the app's own handle of it (one session: the replays take turns, as the app's statements do);
 * a replayed request's BEGIN / COMMIT are left out there (another replay's statements would land inside them).
 * env BENCH_ITERATIONS (calls per concurrent client; by default as many as take about 2 s alone, 10 to 50 — a p95 of
 * 40 calls of a 5 ms read is one slow call; the same count on each side of a read).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { parseEnv } from '../packages/server/src/config/env.js';
import { machineLine, writeResultsSection } from './lib/results.js';
import { childApi, inProcessApi } from './scale-reads/api.js';
import { childBareRoute, startBareRoute } from './scale-reads/bare-route.js';
import type { Stmt } from './scale-reads/capture.js';
import { agent, concurrent, CONCURRENCY, get, GOAL_MS, GOAL_RATIO, goalMet, ms, type Timing } from './scale-reads/measure.js';
import { SCALE_ADMIN_EMAIL, SCALE_COMPANY } from './scale-reads/seed.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/' },
    database: { type: 'string', default: 'verdant_scale' },
    embedded: { type: 'string' },
  },
});
const FIXED_ITERATIONS = process.env.BENCH_ITERATIONS ? Number(process.env.BENCH_ITERATIONS) : null;
/** Calls per client for a read that took `aloneMs` once alone (its slower side): about 2 s of calls, 10 to 50. */
const iterationsFor = (aloneMs: number) => FIXED_ITERATIONS ?? Math.min(50, Math.max(10, Math.floor(2000 / Math.max(aloneMs, 1))));
const url = new URL(values['database-url']);
url.pathname = `/${values.database}`;

const embeddedDir = values.embedded;

if (embeddedDir !== undefined && !fs.existsSync(path.join(embeddedDir, 'PG_VERSION'))) throw new Error(`--embedded: no data directory at ${embeddedDir} (npm run seed:scale -- --embedded <dir>)`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-bench-scale-'));
// On a server the API runs in a process of its own, so its memory is its own; embedded, the bare side needs its session.
const embeddedApp = embeddedDir === undefined ? null : await buildApp({ ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp }), jwtSecret: randomBytes(32).toString('hex') }, {
  database: { kind: 'embedded', dir: embeddedDir }, jobs: false, logger: false,
});
const pool = embeddedDir === undefined ? new pg.Pool({ connectionString: url.toString(), max: 16 }) : null;
// The bare side: its own pool on a server; the app's own handle (the one session) when embedded.
const bare = {
  query: async (text: string, params?: unknown[]) => (pool ? pool.query(text, params) : embeddedApp!.database.query(text, params)) as Promise<{ rows: Array<Record<string, unknown>> }>,
  /** One request's statements in order: on a connection of its own on a server, through the one session when embedded. */
  async replay(stmts: Stmt[]): Promise<unknown[][]> {
    const rows: unknown[][] = [];
    if (!pool) {
      for (const s of stmts) if (!/^\s*(begin|commit|rollback|start transaction)\b/i.test(s.text)) rows.push((await embeddedApp!.database.query(s.text, s.values)).rows);
      return rows;
    }
    const client = await pool.connect();
    try {
      for (const s of stmts) rows.push((await client.query(s.text, s.values)).rows);
    } finally {
      client.release();
    }
    return rows;
  },
  end: async () => { await pool?.end(); },
};
const api = embeddedApp ? await inProcessApi(embeddedApp) : await childApi(url.toString());
const route = embeddedApp ? await startBareRoute((stmts) => bare.replay(stmts)) : await childBareRoute(url.toString());
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const one = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => {
  const row = (await bare.query(text, params)).rows[0] as T | undefined;
  if (!row) throw new Error(`no row: ${text}`);
  return row;
};

try {
  const company = await one<{ company_id: number }>(`SELECT company_id FROM companies WHERE company_name = $1`, [SCALE_COMPANY]);
  const companyId = company.company_id;
  const admin = await one<{ user_id: number; company_id: number; user_role: 'Admin' }>(`SELECT user_id, company_id, user_role FROM users WHERE email = $1`, [SCALE_ADMIN_EMAIL]);
  const auth = { authorization: `Bearer ${await api.sign(admin)}`, 'accept-encoding': 'br' };
  const sizes = await one<{ boxes: number; observations: number; plants: number; companies: number }>(`
    SELECT (SELECT count(*) FROM grid_boxes WHERE company_id = $1)::int AS boxes, (SELECT count(*) FROM problem_observations WHERE company_id = $1)::int AS observations,
           (SELECT count(*) FROM plants WHERE company_id = $1)::int AS plants, (SELECT count(*) FROM companies)::int AS companies`, [companyId]);
  const room = await one<{ room_id: number; boxes: number }>(`
    SELECT rg.room_id, count(*)::int AS boxes FROM room_grid rg JOIN grid_boxes b ON b.grid_id = rg.grid_id
    WHERE rg.company_id = $1 GROUP BY rg.room_id ORDER BY 2 DESC, 1 LIMIT 1`, [companyId]);
  const grids = (await bare.query(`SELECT grid_id FROM room_grid WHERE room_id = $1 ORDER BY grid_id`, [room.room_id])).rows.map((r) => Number(r.grid_id));
  // The box of that room with the most history.
  const box = await one<{ grid_box_id: number }>(`
    SELECT o.grid_box_id FROM problem_observations o WHERE o.company_id = $1 AND o.grid_id = $2 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`, [companyId, grids[0]]);
  const batch = await one<{ batch_id: number; strain_name: string }>(`SELECT batch_id, strain_name FROM batches WHERE company_id = $1 ORDER BY number_of_plants DESC, batch_id LIMIT 1`, [companyId]);
  const plant = await one<{ plant_uid: string }>(`SELECT plant_uid FROM plants WHERE company_id = $1 ORDER BY plant_id OFFSET 1234 LIMIT 1`, [companyId]);
  const scout = await one<{ assignee_id: number }>(`SELECT assignee_id FROM tasks WHERE company_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`, [companyId]);
  const deep = Math.min(100_000, Math.floor(sizes.observations / 2));
  const cursorRow = await one<{ at: string; id: number }>(`SELECT observed_at::text AS at, observation_id AS id FROM problem_observations
    WHERE company_id = $1 ORDER BY observed_at DESC, observation_id DESC OFFSET ${deep - 1} LIMIT 1`, [companyId]);
  const cursor = Buffer.from(`${cursorRow.at}|${cursorRow.id}`).toString('base64url');
  const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
  const variety = batch.strain_name.split(' ')[1]!;
  const misspelt = `${variety.slice(0, 2)}${variety[3]}${variety[2]}${variety.slice(4)}`;

  const address = api.address;
  const c = `company_id=${companyId}`;
  const reads: Array<[string, string[]]> = [
    ['overview, all its cards at once', [`/get_problem_observations?${c}&status=open&limit=100`, `/get_problem_trends?${c}&granularity=week`, `/get_custom_batch_statuses?${c}`,
      `/crop_availability_report?${c}&batch_statuses=Propagation,Vegetative,Flowering,Ready`, `/get_dashboard_reports?${c}`, `/get_room_threshold_levels?${c}`, `/get_scouting_coverage?${c}`]],
    [`rooms list, whole facility (${sizes.boxes.toLocaleString('en')} boxes)`, [`/load_room_grids_boxes?${c}`]],
    [`largest room's map (${room.boxes.toLocaleString('en')} boxes, its problems and circles)`, [`/load_room_grids_boxes?${c}&room_id=${room.room_id}`, `/get_unresolved_problems_for_room?room_id=${room.room_id}`,
      ...grids.map((g) => `/get_unresolved_problems_for_grid_circles?grid_id=${g}`)]],
    ['a box: open problems, responses, sub-boxes', [`/get_unresolved_problems_for_gridbox?gridbox_id=${box.grid_box_id}`, `/get_field_responses_by_gridbox?GridBoxID=${box.grid_box_id}`,
      `/get_sub_gridboxes?parent_gridbox_id=${box.grid_box_id}`]],
    ['batches list', [`/get_batches?${c}`]],
    ['a batch page: dashboard, responses, plants', [`/get_batch_dashboard?${c}&batch_id=${batch.batch_id}&start_date=${day(730)}`, `/get_batch_form_responses?batch_id=${batch.batch_id}`,
      `/get_all_plants_linked_to_batch?batch_id=${batch.batch_id}`]],
    ['observations, newest', [`/get_problem_observations?${c}`]],
    ['observations, open', [`/get_problem_observations?${c}&status=open`]],
    ['observations of the largest room', [`/get_problem_observations?${c}&room_id=${room.room_id}`]],
    ['observations of a grid', [`/get_problem_observations?${c}&grid_id=${grids[0]}`]],
    ['observations matching "mite"', [`/get_problem_observations?${c}&problem=mite`]],
    ['observations of last month, oldest first', [`/get_problem_observations?${c}&start_date=${day(30)}&end_date=${day(0)}&sort_order=asc`]],
    ['observations, page at offset 10,000', [`/get_problem_observations?${c}&offset=10000`]],
    [`observations, page at row ${deep.toLocaleString('en')} by cursor`, [`/get_problem_observations?${c}&cursor=${cursor}`]],
    ['trends, 4 weeks', [`/get_problem_trends?${c}&granularity=week`]],
    ['trends, two years by week', [`/get_problem_trends?${c}&granularity=week&date_option=date_range&start_date=${day(730)}&end_date=${day(0)}`]],
    ['pressure frames of the largest room by week', [`/get_room_pressure_frames?${c}&room_id=${room.room_id}&step=week`]],
    ['scouting coverage, every room', [`/get_scouting_coverage?${c}`]],
    ['tasks of a scout', [`/get_tasks?user_id=${scout.assignee_id}&status=all`]],
    ['audit trail, first page', [`/get_audit_events?${c}`]],
    [`search "${variety}"`, [`/search_plants_autocomplete?${c}&query=${variety}`]],
    [`search "${misspelt}" (misspelt)`, [`/search_plants_autocomplete?${c}&query=${misspelt}`]],
    [`search a plant "${plant.plant_uid.slice(0, -2)}"`, [`/search_plants_autocomplete?${c}&query=${plant.plant_uid.slice(0, -2)}`]],
    ['scan history, first page', [`/get_scan_history?${c}`]],
  ];

  interface Row { read: string; requests: number; calls: number; app: Timing; bare: Timing; route: Timing; bytes: number; statements: number; skipped: number; slowest: { ms: number; text: string }; rss: number }
  const rows: Row[] = [];
  const only = process.env.BENCH_ONLY;
  for (const [read, paths] of reads) {
    if (only && !read.includes(only)) continue;
    // Each request alone once, its statements caught.
    const caught: Stmt[][] = [];
    let skipped = 0;
    await api.peak(true);
    const appStart = performance.now();
    for (const p of paths) {
      const stmts = await api.capture(() => get(`${address}/api${p}`, auth));
      const writes = stmts.filter((s) => /^\s*(insert|update|delete)\b/i.test(s.text));
      skipped += writes.length;
      caught.push(stmts.filter((s) => !writes.includes(s)));
    }
    // Where the time goes: each statement once alone, the slowest named.
    let slowest = { ms: 0, text: '' };
    const appAlone = performance.now() - appStart;
    let bareAlone = 0;
    for (const s of caught.flat()) {
      const t0 = performance.now();
      await bare.query(s.text, s.values);
      const took = performance.now() - t0;
      bareAlone += took;
      if (took > slowest.ms) slowest = { ms: took, text: s.text.replace(/\s+/g, ' ').trim().slice(0, 90) };
    }
    const iterations = iterationsFor(Math.max(appAlone, bareAlone));
    let bytes = 0;
    const app = await concurrent(async () => {
      bytes = (await Promise.all(paths.map((p) => get(`${address}/api${p}`, auth)))).reduce((n, r) => n + r.bytes, 0);
    }, iterations);
    // The API's peak over this read's own requests, before the bare side (in the same process when embedded) runs.
    const rss = await api.peak(true);
    const replayed = await concurrent(() => Promise.all(caught.map((stmts) => bare.replay(stmts))), iterations);
    // The same statements behind a bare Fastify route: the floor of any HTTP read on this machine.
    const barePaths = await route.set(caught);
    const floor = await concurrent(() => Promise.all(barePaths.map((p) => get(`${route.address}${p}`, {}))), iterations);
    const row = { read, requests: paths.length, calls: iterations * CONCURRENCY, app, bare: replayed, route: floor, bytes, statements: caught.flat().length, skipped, slowest, rss };
    rows.push(row);
    console.info(`${read}: app ${ms(app)} ms, bare ${ms(replayed)} ms, bare route ${ms(floor)} ms, ${(bytes / 1024).toFixed(1)} KB, ${row.statements} statements${skipped ? `, ${skipped} writes left out` : ''}, API peak ${mb(rss)} MB; slowest statement alone ${slowest.ms.toFixed(0)} ms: ${slowest.text}`);
  }

  const peakRss = Math.max(await api.peak(false), ...rows.map((r) => r.rss));
  const table = [
    `| read (${CONCURRENCY} concurrent) | requests | calls | app p50 / p95 ms | bare SQL p50 / p95 ms | app p95 / bare p95 | bare route p50 / p95 ms | app p95 / bare route p95 | answer (br) | API peak RSS | goal p95 < ${GOAL_MS} ms and ≤ ${GOAL_RATIO}× bare |`,
    '|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|',
    ...rows.map((r) => `| ${r.read} | ${r.requests} | ${r.calls} | ${ms(r.app)} | ${ms(r.bare)} | ${(r.app.p95 / r.bare.p95).toFixed(2)}× | ${ms(r.route)} | ${(r.app.p95 / r.route.p95).toFixed(2)}× | ${(r.bytes / 1024).toFixed(1)} KB | ${mb(r.rss)} MB | ${goalMet(r.app, r.bare) ? 'met' : r.app.p95 < GOAL_MS ? 'not met (ratio)' : 'not met'} |`),
  ];
  const out = [
    `## Scale (issue 19) — ${new Date().toISOString().slice(0, 16)} UTC`,
    '',
    machineLine(),
    `- data: ${embeddedDir !== undefined ? `embedded PGlite data directory ${embeddedDir}` : `database ${values.database}`} (npm run seed:scale): company ${companyId} with ${sizes.boxes.toLocaleString('en')} boxes, ${sizes.plants.toLocaleString('en')} plants, ${sizes.observations.toLocaleString('en')} observations, beside ${(sizes.companies - 1).toLocaleString('en')} other companies; ${embeddedDir !== undefined ? 'embedded PGlite (one session, single-threaded WASM, in the bench process)' : `PostgreSQL at ${url.host}`}`,
    `- ${CONCURRENCY} concurrent clients × ${FIXED_ITERATIONS ?? '10–50 (about 2 s of the read alone)'} calls per read, the same on each side (calls in the table); bare SQL: the statements each request ran, replayed in order ${embeddedDir !== undefined ? 'through the same session' : 'on its own connection'}; bare route: the same statements behind a bare Fastify route (${embeddedDir !== undefined ? 'in the bench process' : 'in a process of its own, its own pool'}; no session, checks, schemas or compression), the HTTP floor`,
    `- API resident memory (${api.where}): peak ${mb(peakRss)} MB over the run (goal < 1024 MB); each read's own peak is in the table`,
    '',
    ...table,
    '',
    'Slowest statement of each read that misses a goal, run alone:',
    '',
    ...rows.filter((r) => !goalMet(r.app, r.bare)).map((r) => `- ${r.read}: ${r.slowest.ms.toFixed(0)} ms — \`${r.slowest.text}…\``),
  ].join('\n');
  console.info(`\n${out}`);
  if (!only) writeResultsSection(`scale-${embeddedDir !== undefined ? `embedded-${path.basename(embeddedDir)}` : values.database}`, out);
} finally {
  agent.destroy();
  await route.close();
  await bare.end();
  await api.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
