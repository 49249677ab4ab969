/**
 * Many growers (issue 19): a small company's reads on the many-companies database beside the same company seeded
 * alone. `npm run bench:growers [-- --database verdant_scale --alone verdant_scale_alone --company "Small grower 1"]`;
 * the two databases come from `npm run seed:scale -- --hectares 10 --companies 1000` and
 * `npm run seed:scale -- --hectares 0 --companies 1 --database verdant_scale_alone` (the same generator makes the
 * same small company in both). Each read a grower opens is timed at 4 concurrent requests on both, the databases
 * taking turns in BENCH_ROUNDS rounds so a change of the shared machine's load falls on both; the app runs in this
 * process twice, one per database. Goal: p95 on the crowded database ≤ 1.2× alone. Writes bench/results.md.
 * Env: BENCH_ITERATIONS (calls per client per round, default 5), BENCH_ROUNDS (default 3).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { parseEnv } from '../packages/server/src/config/env.js';
import { machineLine, writeResultsSection } from './lib/results.js';
import { agent, CONCURRENCY, get, pct } from './scale-reads/measure.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/' },
    database: { type: 'string', default: 'verdant_scale' },
    alone: { type: 'string', default: 'verdant_scale_alone' },
    company: { type: 'string', default: 'Small grower 1' },
  },
});
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const GOAL_RATIO = 1.2;

interface Side { name: string; app: FastifyInstance; address: string; pool: pg.Pool; paths: Array<[string, string[]]>; auth: Record<string, string>; companies: number; size: string; tmp: string }

/** The app on one database, the company's admin's token, and the reads of that company (its own ids). */
async function open(database: string): Promise<Side> {
  const url = new URL(values['database-url']);
  url.pathname = `/${database}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-bench-growers-'));
  const config = { ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp }), jwtSecret: randomBytes(32).toString('hex') };
  const app = await buildApp(config, { database: { kind: 'postgres', url: url.toString() }, jobs: false, logger: false });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const one = async (text: string, params: unknown[] = []) => {
    const row = (await pool.query(text, params)).rows[0] as Record<string, unknown> | undefined;
    if (!row) throw new Error(`${database}: no row for ${text}`);
    return row;
  };
  const co = Number((await one(`SELECT company_id FROM companies WHERE company_name = $1`, [values.company])).company_id);
  const admin = await one(`SELECT user_id, company_id, user_role FROM users WHERE company_id = $1 AND user_role = 'Admin' ORDER BY user_id LIMIT 1`, [co]);
  const auth = { authorization: `Bearer ${await app.tokens.signAccess(admin as { user_id: number; company_id: number; user_role: 'Admin' })}`, 'accept-encoding': 'br' };
  const room = Number((await one(`SELECT room_id FROM rooms WHERE company_id = $1 ORDER BY room_id LIMIT 1`, [co])).room_id);
  const grids = (await pool.query(`SELECT grid_id FROM room_grid WHERE room_id = $1 ORDER BY grid_id`, [room])).rows.map((r) => Number(r.grid_id));
  const box = Number((await one(`SELECT grid_box_id FROM problem_observations WHERE company_id = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`, [co])).grid_box_id);
  const batch = Number((await one(`SELECT batch_id FROM batches WHERE company_id = $1 ORDER BY number_of_plants DESC, batch_id LIMIT 1`, [co])).batch_id);
  const scout = Number((await one(`SELECT assignee_id FROM tasks WHERE company_id = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`, [co])).assignee_id);
  const plant = String((await one(`SELECT plant_uid FROM plants WHERE company_id = $1 ORDER BY plant_id OFFSET 12 LIMIT 1`, [co])).plant_uid);
  const sizes = await one(`SELECT (SELECT count(*) FROM companies)::int AS companies, pg_size_pretty(pg_database_size(current_database())) AS size`);
  const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
  const c = `company_id=${co}`;
  const paths: Array<[string, string[]]> = [
    ['overview, all its cards at once', [`/get_problem_observations?${c}&status=open&limit=100`, `/get_problem_trends?${c}&granularity=week`, `/get_custom_batch_statuses?${c}`,
      `/get_dashboard_reports?${c}`, `/get_room_threshold_levels?${c}`, `/get_scouting_coverage?${c}`]],
    ['rooms list, whole facility', [`/load_room_grids_boxes?${c}`]],
    ["a room's map", [`/load_room_grids_boxes?${c}&room_id=${room}`, `/get_unresolved_problems_for_room?room_id=${room}`, ...grids.map((g) => `/get_unresolved_problems_for_grid_circles?grid_id=${g}`)]],
    ['a box: open problems, responses, sub-boxes', [`/get_unresolved_problems_for_gridbox?gridbox_id=${box}`, `/get_field_responses_by_gridbox?GridBoxID=${box}`, `/get_sub_gridboxes?parent_gridbox_id=${box}`]],
    ['batches list', [`/get_batches?${c}`]],
    ['a batch page', [`/get_batch_dashboard?${c}&batch_id=${batch}&start_date=${day(730)}`, `/get_batch_form_responses?batch_id=${batch}`, `/get_all_plants_linked_to_batch?batch_id=${batch}`]],
    ['observations, newest', [`/get_problem_observations?${c}`]],
    ['observations of a grid', [`/get_problem_observations?${c}&grid_id=${grids[0]}`]],
    ['observations matching "mite"', [`/get_problem_observations?${c}&problem=mite`]],
    ['trends, two years by week', [`/get_problem_trends?${c}&granularity=week&date_option=date_range&start_date=${day(730)}&end_date=${day(0)}`]],
    ['pressure frames of the room by week', [`/get_room_pressure_frames?${c}&room_id=${room}&step=week`]],
    ['scouting coverage', [`/get_scouting_coverage?${c}`]],
    ['tasks of a scout', [`/get_tasks?user_id=${scout}&status=all`]],
    ['audit trail, first page', [`/get_audit_events?${c}`]],
    ['search a plant', [`/search_plants_autocomplete?${c}&query=${plant.slice(0, -1)}`]],
    ['scan history, first page', [`/get_scan_history?${c}`]],
  ];
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { name: database, app, address, pool, paths, auth, companies: Number(sizes.companies), size: String(sizes.size), tmp };
}

const crowded = await open(values.database);
const alone = await open(values.alone);
const times = new Map<string, { crowded: number[]; alone: number[] }>();
try {
  if (crowded.paths.length !== alone.paths.length) throw new Error('the two databases do not hold the same company');
  const read = (s: Side, i: number) => Promise.all(s.paths[i]![1].map((p) => get(`${s.address}/api${p}`, s.auth)));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < crowded.paths.length; i++) {
      const name = crowded.paths[i]![0];
      const t = times.get(name) ?? { crowded: [], alone: [] };
      times.set(name, t);
      // Which database goes first alternates by round; each side gets a warm-up call per client first.
      const order = round % 2 === 0 ? ([[crowded, t.crowded], [alone, t.alone]] as const) : ([[alone, t.alone], [crowded, t.crowded]] as const);
      for (const [side, into] of order) {
        await Promise.all(Array.from({ length: CONCURRENCY }, () => read(side, i)));
        await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
          for (let k = 0; k < ITERATIONS; k++) {
            const t0 = performance.now();
            await read(side, i);
            into.push(performance.now() - t0);
          }
        }));
      }
    }
    console.info(`round ${round + 1} of ${ROUNDS} done; load average ${os.loadavg()[0]!.toFixed(1)}`);
  }
  const rows = [...times].map(([name, t]) => {
    const c = { p50: pct(t.crowded, 50), p95: pct(t.crowded, 95) };
    const a = { p50: pct(t.alone, 50), p95: pct(t.alone, 95) };
    return { name, c, a, r50: c.p50 / a.p50, r95: c.p95 / a.p95 };
  });
  const met = (r: { r95: number }) => r.r95 <= GOAL_RATIO;
  const out = [
    `## Many growers (issue 19) — ${new Date().toISOString().slice(0, 16)} UTC`,
    '',
    machineLine(),
    `- "${values.company}" (1 room of two 5 × 10 grids, 400 plants, 1,000 observations; bench/scale-reads/seed.ts SMALL) on ${crowded.name} (${crowded.companies.toLocaleString('en')} companies, ${crowded.size}) and on ${alone.name} (${alone.companies} company, ${alone.size}), PostgreSQL; the app in this process on each`,
    `- ${CONCURRENCY} concurrent clients × ${ITERATIONS} calls per read and database, in ${ROUNDS} rounds taking turns (${CONCURRENCY * ITERATIONS * ROUNDS} calls per read and database)`,
    `- met (p95 ≤ ${GOAL_RATIO}× alone): ${rows.filter(met).length} of ${rows.length}; median ratio of p50: ${pct(rows.map((r) => r.r50), 50).toFixed(2)}×, of p95: ${pct(rows.map((r) => r.r95), 50).toFixed(2)}×`,
    '',
    `| read (${CONCURRENCY} concurrent) | ${values.database} p50 / p95 ms | alone p50 / p95 ms | ratio p50 | ratio p95 | goal p95 ≤ ${GOAL_RATIO}× |`,
    '|:---|---:|---:|---:|---:|:---|',
    ...rows.map((r) => `| ${r.name} | ${r.c.p50.toFixed(1)} / ${r.c.p95.toFixed(1)} | ${r.a.p50.toFixed(1)} / ${r.a.p95.toFixed(1)} | ${r.r50.toFixed(2)}× | ${r.r95.toFixed(2)}× | ${met(r) ? 'met' : '**not met**'} |`),
  ].join('\n');
  console.info(`\n${out}`);
  writeResultsSection(`many-growers-${values.database}`, out);
} finally {
  agent.destroy();
  for (const s of [crowded, alone]) {
    await s.pool.end();
    await s.app.close();
    fs.rmSync(s.tmp, { recursive: true, force: true });
  }
}
