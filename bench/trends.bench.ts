/**
 * Trends benchmark (issue 11): GET /get_trends_report_graph over 100,000 and 1,000,000 problem
 * observations of one company, beside EXPLAIN ANALYZE of the report's own SQL (the repository's
 * statement, compiled with the same parameters) in the same run, and the plan that proves which index
 * it reads. Goal: app ≤ 1.2 × the engine time + 20 ms; the 1M case under 1 s on PostgreSQL and under 3 s
 * on the embedded database.
 * Env: DATABASE_URL (a PostgreSQL server; a fresh database is made there), BENCH_SIZES (default
 * 100000,1000000), BENCH_ITERATIONS (default 7).
 */
import type { RawBuilder } from 'kysely';
import type { DatabaseHandle } from '../packages/server/src/db/database.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { addDays, mondayOf, todayIn, type ReportRange } from '@verdant/contract';
import { resolveRange, REPORT_TIME_ZONE } from '../packages/server/src/modules/reports/report-range.js';
import { countsByProblem, withRoomsFound } from '../packages/server/src/modules/reports/trends.repository.js';
import { get, median } from './lib/timing.js';
import { compactObservationDays } from '../packages/server/src/modules/reports/observation-days.repository.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 7);
const WEEKS = 104;
const ROOMS = 10;
const PROBLEMS = ['Aphids', 'Thrips', 'Powdery mildew', 'Spider mites', 'Whitefly', 'Botrytis', 'Fungus gnats', 'Leaf miner',
  'Downy mildew', 'Root rot', 'Mealybugs', 'Scale', 'Caterpillars', 'Slugs', 'Rust', 'Nutrient deficiency',
  'Sunscald', 'Mosaic virus', 'Broad mites', 'Russet mites'];
const CHUNK = 50_000;

interface Place {
  rooms: number[];
  grids: number[];
}

/** Rooms with two grids each, written with SQL. */
async function makeRooms(db: Pick<DatabaseHandle, 'query'>, companyId: number): Promise<Place> {
  const place: Place = { rooms: [], grids: [] };
  for (let r = 0; r < ROOMS; r++) {
    const room = (await db.query(`INSERT INTO rooms (company_id, name) VALUES ($1, $2) RETURNING room_id`, [companyId, `Bench room ${r + 1}`])).rows[0]!.room_id as number;
    place.rooms.push(room);
    for (let g = 0; g < 2; g++) {
      const grid = (await db.query(`INSERT INTO grids (company_id, name, nx, ny) VALUES ($1, $2, 10, 10) RETURNING grid_id`, [companyId, `Gutter ${r + 1}.${g + 1}`])).rows[0]!.grid_id as number;
      await db.query(`INSERT INTO room_grid (company_id, room_id, grid_id) VALUES ($1, $2, $3)`, [companyId, room, grid]);
      place.grids.push(grid);
    }
  }
  return place;
}

/**
 * Observations `from`..`to` (1-based) of a company, spread over the report's 104 weeks up to now: 20
 * problems, every room, 4 in 5 in a grid, 1 in 3 without severity, 1 in 10 of a batch, 1 in 20 dismissed.
 */
async function addObservations(db: Pick<DatabaseHandle, 'query'>, companyId: number, place: Place, batchId: number, from: number, to: number, start: string) {
  for (let lo = from; lo <= to; lo += CHUNK) {
    const hi = Math.min(to, lo + CHUNK - 1);
    await db.query(
      `INSERT INTO problem_observations (company_id, problem, severity, room_id, grid_id, batch_id, source, observed_at, status)
       SELECT $1, ($2::text[])[1 + (i::bigint * 7919) % 20], CASE WHEN i % 3 = 0 THEN NULL ELSE 1 + i % 5 END,
              ($3::int[])[1 + i % ${ROOMS}], CASE WHEN i % 5 = 1 THEN NULL ELSE ($4::int[])[1 + (i % ${ROOMS}) * 2 + (i / ${ROOMS}) % 2] END,
              CASE WHEN i % 10 = 0 THEN $5::int END, CASE WHEN i % 4 = 0 THEN 'scan' ELSE 'form' END,
              $6::timestamptz + ((i::bigint * 104729) % greatest(1, extract(epoch FROM now() - $6::timestamptz)::bigint)) * interval '1 second',
              CASE WHEN i % 20 = 0 THEN 'dismissed' WHEN i % 3 = 0 THEN 'resolved' ELSE 'open' END
       FROM generate_series(${lo}::int, ${hi}::int) i`,
      [companyId, PROBLEMS, place.rooms, place.grids, batchId, `${start}T00:00:00Z`],
    );
  }
}

interface Explained {
  ms: number;
  plan: string;
}

/** The engine's own time for the statement (planning + execution, EXPLAIN ANALYZE without per-node timing). */
async function explain(db: Pick<DatabaseHandle, 'query'>, query: { sql: string; parameters: readonly unknown[] }): Promise<Explained> {
  const res = await db.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${query.sql}`, query.parameters as unknown[]);
  const raw = res.rows[0]!['QUERY PLAN'];
  const [out] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }>;
  return { ms: out!['Planning Time'] + out!['Execution Time'], plan: describePlan(out!.Plan) };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** The plan's scans, outermost first: 'Index Only Scan on problem_observations_report_idx (rows 1,000,000)'. */
function describePlan(node: PlanNode): string {
  const scans: string[] = [];
  const walk = (n: PlanNode) => {
    if (/Scan/.test(n['Node Type'])) {
      const on = n['Index Name'] ?? n['Relation Name'] ?? '';
      scans.push(`${n['Node Type']}${on ? ` on ${on}` : ''} (rows ${(n['Actual Rows'] ?? 0).toLocaleString('en-US')})`);
    }
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(node);
  return scans.join('; ');
}

interface Row {
  size: number;
  label: string;
  app: number;
  engine: number;
  bytes: number;
  plan: string;
}

const GOAL = (engine: number) => 1.2 * engine + 20;

runBenchApp('trends', async ({ app, db, loader }) => {
  const embedded = db.target.kind === 'embedded';
  const companyId = await makeCompany(app, 'Bench Greenhouse');
  const other = await makeCompany(app, 'Other Greenhouse');
  const user = await makeUser(app, companyId, 'Regular');
  const place = await makeRooms(loader, companyId);
  const otherPlace = await makeRooms(loader, other);
  const batch = (await loader.query(`INSERT INTO batches (company_id, batch_number) VALUES ($1, 'Bench batch') RETURNING batch_id`, [companyId])).rows[0]!.batch_id as number;
  const otherBatch = (await loader.query(`INSERT INTO batches (company_id, batch_number) VALUES ($1, 'Other batch') RETURNING batch_id`, [other])).rows[0]!.batch_id as number;
  const today = todayIn(REPORT_TIME_ZONE);
  const start = addDays(mondayOf(today), -7 * (WEEKS - 1));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const rows: Row[] = [];
  const notes: string[] = [];
  let made = 0;

  for (const size of SIZES) {
    const started = performance.now();
    await addObservations(loader, companyId, place, batch, made + 1, size, start);
    // Another company's tenth beside it, so the company condition has something to leave out.
    await addObservations(loader, other, otherPlace, otherBatch, made / 10 + 1, size / 10, start);
    made = size;
    // What the every-5-minutes job does in the app: fold the per-day counts the load's statements appended.
    for (const id of [companyId, other]) await compactObservationDays(app.db, id);
    await loader.query('ANALYZE problem_observations');
    await loader.query('ANALYZE problem_observation_days');
    notes.push(`${size.toLocaleString('en-US')} observations (+ ${(size / 10).toLocaleString('en-US')} of another company) ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The app's own statement for each case: the report, and for rooms the same-statement room check.
    const threeRooms = place.rooms.slice(0, 3);
    const cases: Array<{ label: string; query: Record<string, string>; statement: (range: ReportRange) => RawBuilder<unknown> }> = [
      {
        label: `${WEEKS} weeks, all rooms`,
        query: { date_option: 'weeks_ago', weeks_ago: String(WEEKS - 1) },
        statement: (range) => countsByProblem({ companyId, range, batchOnly: false }),
      },
      {
        label: `${WEEKS} weeks, 3 rooms`,
        query: { date_option: 'weeks_ago', weeks_ago: String(WEEKS - 1), room_ids: threeRooms.join(',') },
        statement: (range) => withRoomsFound(companyId, threeRooms, countsByProblem({ companyId, range, batchOnly: false, rooms: { roomIds: threeRooms } })),
      },
      {
        label: '12 weeks, 1 room',
        query: { date_option: 'weeks_ago', weeks_ago: '11', room_ids: String(place.rooms[0]) },
        statement: (range) => withRoomsFound(companyId, [place.rooms[0]!], countsByProblem({ companyId, range, batchOnly: false, rooms: { roomIds: [place.rooms[0]!] } })),
      },
      {
        label: '4 weeks, all rooms (by day)',
        query: { date_option: 'weeks_ago', weeks_ago: '3' },
        statement: (range) => countsByProblem({ companyId, range, batchOnly: false }),
      },
    ];
    for (const c of cases) {
      const range = resolveRange(c.query, { options: ['weeks_ago'] });
      const compiled = c.statement(range).compile(app.db);
      const url = `${address}/api/get_trends_report_graph?${new URLSearchParams({ company_id: String(companyId), ...c.query })}`;
      const call = async () => {
        // The keep-alive socket may have been closed by the server while the data was generated: one retry.
        const res = await get(url, user.auth).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ECONNRESET') throw err;
          return get(url, user.auth);
        });
        if (res.status !== 200) throw new Error(res.body.slice(0, 300));
        return res.body.length;
      };
      for (let i = 0; i < 2; i++) {
        await call();
        await explain(app.database, compiled);
      }
      const appMs: number[] = [];
      const engineMs: number[] = [];
      let bytes = 0;
      let plan = '';
      for (let i = 0; i < ITERATIONS; i++) {
        let t0 = performance.now();
        bytes = await call();
        appMs.push(performance.now() - t0);
        t0 = performance.now();
        const e = await explain(app.database, compiled);
        engineMs.push(e.ms);
        plan = e.plan;
      }
      rows.push({ size, label: c.label, app: median(appMs), engine: median(engineMs), bytes, plan });
      const last = rows.at(-1)!;
      console.info(`${size} ${c.label}: app ${last.app.toFixed(1)} ms, engine ${last.engine.toFixed(1)} ms — ${plan}`);
    }
  }

  const limit = embedded ? 3000 : 1000;
  const table = [
    '| observations | report | app (HTTP) ms | EXPLAIN ANALYZE ms | goal 1.2× + 20 ms | met | body | plan (scans) |',
    '|---:|:---|---:|---:|---:|:---:|---:|:---|',
    ...rows.map((r) =>
      `| ${r.size.toLocaleString('en-US')} | ${r.label} | ${r.app.toFixed(1)} | ${r.engine.toFixed(1)} | ${GOAL(r.engine).toFixed(1)} | ${r.app <= GOAL(r.engine) ? 'yes' : 'NO'} | ${(r.bytes / 1024).toFixed(1)} KiB | ${r.plan} |`),
  ];
  const big = rows.filter((r) => r.size === 1_000_000);
  const verdict = big.length
    ? `- 1,000,000 observations: slowest report ${Math.max(...big.map((r) => r.app)).toFixed(0)} ms — goal under ${limit} ms on ${embedded ? 'the embedded database' : 'PostgreSQL'}: ${Math.max(...big.map((r) => r.app)) < limit ? 'met' : 'NOT met'}.`
    : '- 1,000,000 observations: not run (BENCH_SIZES).';
  const section = [
    `## Trends report graph: ${embedded ? 'embedded PGlite' : 'PostgreSQL'}`,
    '',
    `Written by \`npm run bench:trends -w @verdant/bench\` (bench/trends.bench.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- database: ${db.label}${embedded ? ' (in-process PGlite, one session taken in turns)' : ', a fresh database dropped afterwards'}; ANALYZE after each load, no VACUUM`,
    `- data: one company's observations over ${WEEKS} weeks up to today (20 problems, ${ROOMS} rooms of 2 gutters, 1 in 20 dismissed), another company's tenth beside them; ${notes.join('; ')}`,
    `- each row: median of ${ITERATIONS} HTTP requests (keep-alive, bearer token, contract validation) alternating with EXPLAIN (ANALYZE, TIMING OFF) of the repository's own compiled statement (planning + execution time)`,
    '',
    ...table,
    '',
    verdict,
  ].join('\n');
  writeResultsSection(embedded ? 'trends-embedded' : 'trends-postgres', section);
  console.info(`\n${section}`);
});
