/**
 * Overview and search benchmark (issue 11): the overview's API calls made together, in parallel like
 * the browser, at 200,000 plants and 1,000,000 problem observations — goal: the total under 150 ms —
 * and GET /search_plants_autocomplete over ~200 varied queries at 200,000 plants — goal: p95 under 50 ms.
 * Each beside its bare SQL in the same run: the repositories' own statements through the app's Kysely,
 * without HTTP, auth, tenancy or schema checks in front.
 * Env: DATABASE_URL (a PostgreSQL server; a fresh database is made there), BENCH_OBSERVATIONS (default
 * 1000000), BENCH_ITERATIONS (default 30).
 */
import http from 'node:http';
import { BUILT_IN_BATCH_STATUSES, FINISHED_BATCH_STATUSES, OBSERVATIONS_MAX_LIMIT, SEARCH_DEFAULT_LIMIT } from '@verdant/contract';
import type { DatabaseHandle } from '../packages/server/src/db/database.js';
import type { Caller } from '../packages/server/src/plugins/auth.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { defaultWeeks, resolveRange } from '../packages/server/src/modules/reports/report-range.js';
import { countsByProblem, run } from '../packages/server/src/modules/reports/trends.repository.js';
import { countObservations, listObservations } from '../packages/server/src/modules/unresolved_problems/observation-list.repository.js';
import { availabilityByVariety, availabilityByWeek, customStatusNames } from '../packages/server/src/modules/crop_reports/crop-reports.repository.js';
import { pinnedReports } from '../packages/server/src/modules/saved_reports/saved-reports.repository.js';
import { findBatches, findGridBoxes, findPlants, findSubGridboxes } from '../packages/server/src/modules/search/search.repository.js';
import { searchProblems } from '../packages/server/src/modules/plant_problems/plant-problems.service.js';
import { compactObservationDays } from '../packages/server/src/modules/reports/observation-days.repository.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const OBSERVATIONS = Number(process.env.BENCH_OBSERVATIONS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const PLANTS = 200_000;
const BATCHES = 5_000;
const ROOMS = 10;
const SIDE = 50; // 20 grids of 50 × 50 boxes, 4 sub-boxes each: a place for every plant
const PROBLEMS = ['Aphids', 'Thrips', 'Powdery mildew', 'Spider mites', 'Whitefly', 'Botrytis', 'Fungus gnats', 'Leaf miner',
  'Downy mildew', 'Root rot', 'Mealybugs', 'Scale', 'Caterpillars', 'Slugs', 'Rust', 'Nutrient deficiency',
  'Sunscald', 'Mosaic virus', 'Broad mites', 'Russet mites'];
const CHUNK = 100_000;
const OVERVIEW_GOAL = 150;
const SEARCH_GOAL = 50;

type Db = Pick<DatabaseHandle, 'query'>;

/** Six sockets, as a browser opens to one host, so the overview's calls really run side by side. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });

function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${res.statusCode} ${url}`))));
      })
      .on('error', reject);
  });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function timed<T>(f: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

/** Rooms of two grids, boxes, batches of 40 plants, every plant in a sub-box, and 4 pinned reports. */
async function makeFacility(db: Db, companyId: number, userId: number, uidPrefix: string) {
  const rooms: number[] = [];
  const grids: number[] = [];
  for (let r = 0; r < ROOMS; r++) {
    const room = (await db.query(`INSERT INTO rooms (company_id, name) VALUES ($1, $2) RETURNING room_id`, [companyId, `Bench room ${r + 1}`])).rows[0]!.room_id as number;
    rooms.push(room);
    for (let g = 0; g < 2; g++) {
      const grid = (await db.query(`INSERT INTO grids (company_id, name, nx, ny) VALUES ($1, $2, ${SIDE}, ${SIDE}) RETURNING grid_id`, [companyId, `Gutter ${r + 1}.${g + 1}`])).rows[0]!.grid_id as number;
      await db.query(`INSERT INTO room_grid (company_id, room_id, grid_id) VALUES ($1, $2, $3)`, [companyId, room, grid]);
      grids.push(grid);
    }
  }
  await db.query(
    `INSERT INTO grid_boxes (company_id, grid_id, x, y, custom_name)
     SELECT $1, g, x, y, CASE WHEN (x + y) % 50 = 0 THEN 'Bench ' || g || '-' || x || '-' || y END
     FROM unnest($2::int[]) g, generate_series(1, ${SIDE}) x, generate_series(1, ${SIDE}) y`,
    [companyId, grids],
  );
  await db.query(
    `INSERT INTO batches (company_id, batch_number, number_of_plants, strain_name, batch_status, pre_books, start_date, end_date, created_by)
     SELECT $1, 'B-' || lpad(i::text, 5, '0'), 40, (ARRAY['Tomato','Basil','Lettuce','Pepper','Cucumber'])[1 + i % 5] || ' ' || (i % 25), ($3::text[])[1 + i % 7],
            i % 30, current_date - 120 + i % 200, current_date - 60 + i % 200, $2
     FROM generate_series(1, ${BATCHES}) i`,
    [companyId, userId, BUILT_IN_BATCH_STATUSES],
  );
  await db.query(`INSERT INTO plants (plant_uid, company_id, created_by) SELECT $3 || lpad(i::text, 8, '0'), $1, $2 FROM generate_series(1, ${PLANTS}) i`, [companyId, userId, uidPrefix]);
  await db.query(
    `INSERT INTO plant_batches (company_id, plant_id, batch_id, linked_by)
     SELECT $1, p.plant_id, b.batch_id, $2
     FROM (SELECT plant_id, row_number() OVER (ORDER BY plant_id) - 1 AS n FROM plants WHERE company_id = $1) p
     JOIN (SELECT batch_id, row_number() OVER (ORDER BY batch_id) - 1 AS n FROM batches WHERE company_id = $1) b ON b.n = p.n / ${PLANTS / BATCHES}`,
    [companyId, userId],
  );
  await db.query(
    `INSERT INTO sub_gridboxes (company_id, parent_gridbox_id, subx, suby, plant_id, custom_name, created_by)
     SELECT $1, b.grid_box_id, 1 + p.n % 2, 1 + (p.n / 2) % 2, p.plant_id, CASE WHEN p.n % 97 = 0 THEN 'Slot ' || p.n END, $2
     FROM (SELECT plant_id, row_number() OVER (ORDER BY plant_id) - 1 AS n FROM plants WHERE company_id = $1) p
     JOIN (SELECT grid_box_id, row_number() OVER (ORDER BY grid_box_id) - 1 AS n FROM grid_boxes WHERE company_id = $1) b ON b.n = p.n / 4`,
    [companyId, userId],
  );
  // Four pinned reports of a year by week for five problems, about as much as a saved chart holds.
  const points = JSON.stringify(Array.from({ length: 52 * 5 }, (_, i) => ({ date: `2026-W${1 + (i % 52)}`, problem: PROBLEMS[i % 5], count: i % 17 })));
  for (let slot = 1; slot <= 4; slot++) {
    const id = (await db.query(
      `INSERT INTO saved_reports (company_id, report_name, chart_type, report_type, report_data, data_points, created_by)
       VALUES ($1, $2, 'LineChart', 'trends', $3::jsonb, 260, $4) RETURNING report_id`,
      [companyId, `Pinned ${slot}`, points, userId],
    )).rows[0]!.report_id as number;
    await db.query(`INSERT INTO dashboard_reports (company_id, slot, report_id, pinned_by) VALUES ($1, $2, $3, $4)`, [companyId, slot, id, userId]);
  }
  return { rooms, grids };
}

/** Observations over the last 2 years: 20 problems, every room, 4 in 5 in a grid, 1 in 10 of a batch; about half open. */
async function addObservations(db: Db, companyId: number, rooms: number[], grids: number[], count: number) {
  const firstBatch = (await db.query('SELECT min(batch_id)::int AS id FROM batches WHERE company_id = $1', [companyId])).rows[0]!.id as number | null;
  for (let lo = 1; lo <= count; lo += CHUNK) {
    const hi = Math.min(count, lo + CHUNK - 1);
    await db.query(
      `INSERT INTO problem_observations (company_id, problem, severity, room_id, grid_id, batch_id, source, observed_at, status)
       SELECT $1, ($2::text[])[1 + (i::bigint * 7919) % 20], CASE WHEN i % 3 = 0 THEN NULL ELSE 1 + i % 5 END,
              ($3::int[])[1 + i % ${ROOMS}], CASE WHEN i % 5 = 1 THEN NULL ELSE ($4::int[])[1 + (i % ${ROOMS}) * 2 + (i / ${ROOMS}) % 2] END,
              CASE WHEN i % 10 = 0 AND $5::int IS NOT NULL THEN $5::int + i % ${BATCHES} END, CASE WHEN i % 4 = 0 THEN 'scan' ELSE 'form' END,
              now() - ((i::bigint * 104729) % (730 * 86400)) * interval '1 second',
              CASE WHEN i % 20 = 0 THEN 'dismissed' WHEN i % 3 = 0 THEN 'resolved' ELSE 'open' END
       FROM generate_series(${lo}::int, ${hi}::int) i`,
      [companyId, PROBLEMS, rooms, grids, firstBatch],
    );
  }
}

/** ~200 queries as people type them: plant uid prefixes and middles, batch numbers, varieties, box names, problems. */
function searchTerms(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 200; i++) {
    const n = (i * 7919) % PLANTS;
    const uid = `P-${String(n + 1).padStart(8, '0')}`;
    switch (i % 8) {
      case 0: out.push(uid.slice(0, 4 + (i % 6))); break; // P-00 … P-0012345
      case 1: out.push(uid); break; // a whole uid, scanned or pasted
      case 2: out.push(String(n).slice(0, 2 + (i % 4))); break; // digits from the middle
      case 3: out.push(`B-${String(i * 23 % BATCHES).padStart(5, '0').slice(0, 2 + (i % 4))}`); break;
      case 4: out.push(['To', 'Bas', 'Lett', 'Pepper 1', 'Cucu', 'Tomato 2'][i % 6]!); break;
      case 5: out.push(['Be', 'Bench 3', 'Slot 9', 'Sl'][i % 4]!); break;
      case 6: out.push(PROBLEMS[i % PROBLEMS.length]!.slice(0, 2 + (i % 5))); break;
      default: out.push(['zz', 'xq9', 'P-9', 'nothing'][i % 4]!); // nothing or little found
    }
  }
  return out;
}

interface CallRow { label: string; p50: number; p95: number; bare50: number; bare95: number; bytes: number }

runBenchApp('overview', async ({ app, db, loader }) => {
  const embedded = db.target.kind === 'embedded';
  const companyId = await makeCompany(app, 'Bench Greenhouse');
  const other = await makeCompany(app, 'Other Greenhouse');
  const user = await makeUser(app, companyId, 'Regular');
  const otherUser = await makeUser(app, other, 'Regular');
  const caller: Caller = { user_id: user.user_id, company_id: companyId, user_role: 'Regular' };
  const started = performance.now();
  const place = await makeFacility(loader, companyId, user.user_id, 'P-');
  await addObservations(loader, companyId, place.rooms, place.grids, OBSERVATIONS);
  // Another company beside it (plant uids are unique across companies: its own prefix), so the company conditions have something to leave out.
  const otherPlace = await makeFacility(loader, other, otherUser.user_id, 'Q-');
  await addObservations(loader, other, otherPlace.rooms, otherPlace.grids, OBSERVATIONS / 10);
  // What the every-5-minutes job does in the app: fold the per-day counts the load's statements appended.
  for (const id of [companyId, other]) await compactObservationDays(app.db, id);
  await loader.query('ANALYZE');
  const ready = `${PLANTS.toLocaleString('en-US')} plants and ${OBSERVATIONS.toLocaleString('en-US')} observations (another company beside it: the same facility, ${(OBSERVATIONS / 10).toLocaleString('en-US')} observations) ready in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  console.info(ready);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = (path: string, q: Record<string, string>) => `${address}/api/${path}?${new URLSearchParams({ company_id: String(companyId), ...q })}`;

  // The overview's reads, as packages/web/src/features/overview asks them.
  const finished = new Set<string>(FINISHED_BATCH_STATUSES);
  const openStatuses = BUILT_IN_BATCH_STATUSES.filter((s) => !finished.has(s));
  // The route's own range for no dates in weeks: this week and the three before it.
  const trendsRange = resolveRange({ granularity: 'week' }, { options: ['weeks_ago', 'date_range', 'batch_related_date'], whenAbsent: defaultWeeks() });
  const listFilter = { companyId, status: 'open' as const };
  const calls: Array<{ label: string; url: string; bare: () => Promise<unknown> }> = [
    {
      label: `get_problem_observations (open, newest ${OBSERVATIONS_MAX_LIMIT})`,
      url: url('get_problem_observations', { status: 'open', limit: String(OBSERVATIONS_MAX_LIMIT), offset: '0' }),
      bare: () => Promise.all([countObservations(app.db, listFilter), listObservations(app.db, listFilter, { direction: 'desc', limit: OBSERVATIONS_MAX_LIMIT, offset: 0 })]),
    },
    {
      label: 'get_problem_trends (week, 4 weeks)',
      url: url('get_problem_trends', { granularity: 'week' }),
      bare: () => run(app.db, countsByProblem({ companyId, range: trendsRange, batchOnly: false })),
    },
    {
      label: 'crop_availability_report (open statuses)',
      url: url('crop_availability_report', { batch_statuses: openStatuses.join(',') }),
      bare: async () => {
        await customStatusNames(app.db, companyId);
        return Promise.all([availabilityByVariety(app.db, companyId, openStatuses), availabilityByWeek(app.db, companyId, openStatuses)]);
      },
    },
    { label: 'get_dashboard_reports', url: url('get_dashboard_reports', {}), bare: () => pinnedReports(app.db, companyId) },
  ];

  for (let i = 0; i < 3; i++) for (const c of calls) { await get(c.url, user.auth); await c.bare(); }
  const per = calls.map(() => ({ app: [] as number[], bare: [] as number[], bytes: 0 }));
  const together: number[] = [];
  const bareTogether: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    // The page: all four requests at once, done when the last one is.
    let t0 = performance.now();
    await Promise.all(calls.map(async (c, k) => {
      const s = performance.now();
      per[k]!.bytes = await get(c.url, user.auth);
      per[k]!.app.push(performance.now() - s);
    }));
    together.push(performance.now() - t0);
    t0 = performance.now();
    await Promise.all(calls.map((c) => c.bare()));
    bareTogether.push(performance.now() - t0);
    // Each bare statement alone, so its own cost shows beside the others'.
    for (const [k, c] of calls.entries()) per[k]!.bare.push(await timed(c.bare));
  }
  const callRows: CallRow[] = calls.map((c, k) => ({
    label: c.label,
    p50: percentile(per[k]!.app, 50), p95: percentile(per[k]!.app, 95),
    bare50: percentile(per[k]!.bare, 50), bare95: percentile(per[k]!.bare, 95),
    bytes: per[k]!.bytes,
  }));
  const total = { p50: percentile(together, 50), p95: percentile(together, 95), bare50: percentile(bareTogether, 50), bare95: percentile(bareTogether, 95) };
  for (const r of callRows) console.info(`${r.label}: app p50 ${r.p50.toFixed(1)} p95 ${r.p95.toFixed(1)} ms; bare p50 ${r.bare50.toFixed(1)} ms`);
  console.info(`overview together: p50 ${total.p50.toFixed(1)} p95 ${total.p95.toFixed(1)} ms; bare together p50 ${total.bare50.toFixed(1)} ms`);

  // Autocomplete as the search box asks it: limit 10, every kind included.
  const terms = searchTerms();
  const searchUrl = (term: string) => url('search_plants_autocomplete', { query: term, limit: String(SEARCH_DEFAULT_LIMIT), include_gridboxes: 'true', include_subgridboxes: 'true', include_batches: 'true', include_problems: 'true' });
  const bareSearch = (term: string) => Promise.all([
    findPlants(app.db, companyId, term, SEARCH_DEFAULT_LIMIT),
    findGridBoxes(app.db, companyId, term, SEARCH_DEFAULT_LIMIT),
    findSubGridboxes(app.db, companyId, term, SEARCH_DEFAULT_LIMIT),
    findBatches(app.db, companyId, term, SEARCH_DEFAULT_LIMIT, 'number_or_strain'),
    searchProblems(app, caller, term, SEARCH_DEFAULT_LIMIT),
  ]);
  for (const term of terms.slice(0, 20)) { await get(searchUrl(term), user.auth); await bareSearch(term); }
  const searchApp: number[] = [];
  const searchBare: number[] = [];
  const slowest: Array<{ term: string; ms: number }> = [];
  for (const term of terms) {
    const ms = await timed(() => get(searchUrl(term), user.auth));
    searchApp.push(ms);
    slowest.push({ term, ms });
    searchBare.push(await timed(() => bareSearch(term)));
  }
  slowest.sort((a, b) => b.ms - a.ms);
  const search = { p50: percentile(searchApp, 50), p95: percentile(searchApp, 95), bare50: percentile(searchBare, 50), bare95: percentile(searchBare, 95) };
  console.info(`search_plants_autocomplete over ${terms.length} queries: p50 ${search.p50.toFixed(1)} p95 ${search.p95.toFixed(1)} ms; bare p50 ${search.bare50.toFixed(1)} p95 ${search.bare95.toFixed(1)} ms; slowest ${slowest.slice(0, 3).map((s) => `'${s.term}' ${s.ms.toFixed(0)} ms`).join(', ')}`);
  agent.destroy();

  const met = (ms: number, goal: number) => (ms < goal ? 'met' : 'NOT met');
  const section = [
    `## Overview and search: ${embedded ? 'embedded PGlite' : 'PostgreSQL'}`,
    '',
    `Written by \`npm run bench:overview -w @verdant/bench\` (bench/overview.bench.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- database: ${db.label}${embedded ? ' (in-process PGlite, one session taken in turns)' : ', a fresh database dropped afterwards'}; ANALYZE after the load`,
    `- data: ${ready}; ${BATCHES.toLocaleString('en-US')} batches of 40 plants, every plant in a sub-box of 20 grids of ${SIDE} × ${SIDE} boxes, 4 pinned reports`,
    `- overview: the page's four reads sent together over 6 keep-alive sockets (as a browser does), ${ITERATIONS} times; "together" is until the last answers. Bare: the repositories' own statements through the app's Kysely (the service's parallel ones in parallel), alone and all together`,
    '',
    '| call | app p50 ms | app p95 ms | bare SQL p50 ms | bare SQL p95 ms | body |',
    '|:---|---:|---:|---:|---:|---:|',
    ...callRows.map((r) => `| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.bare50.toFixed(1)} | ${r.bare95.toFixed(1)} | ${(r.bytes / 1024).toFixed(1)} KiB |`),
    `| **all four together** | **${total.p50.toFixed(1)}** | **${total.p95.toFixed(1)}** | ${total.bare50.toFixed(1)} | ${total.bare95.toFixed(1)} | |`,
    '',
    `- overview goal: together under ${OVERVIEW_GOAL} ms — p50 ${total.p50.toFixed(0)} ms, p95 ${total.p95.toFixed(0)} ms: ${met(total.p95, OVERVIEW_GOAL)} (at p95; p50 ${met(total.p50, OVERVIEW_GOAL)}).`,
    `- search_plants_autocomplete, ${terms.length} varied queries (uid prefixes and middles, whole uids, batch numbers, varieties, box names, problems, no match), limit ${SEARCH_DEFAULT_LIMIT}, every kind included, one at a time: p50 ${search.p50.toFixed(1)} ms, **p95 ${search.p95.toFixed(1)} ms**; bare SQL p50 ${search.bare50.toFixed(1)} ms, p95 ${search.bare95.toFixed(1)} ms; slowest ${slowest.slice(0, 3).map((s) => `'${s.term}' ${s.ms.toFixed(0)} ms`).join(', ')}. Goal p95 under ${SEARCH_GOAL} ms: ${met(search.p95, SEARCH_GOAL)}.`,
  ].join('\n');
  writeResultsSection(embedded ? 'overview-embedded' : 'overview-postgres', section);
  console.info(`\n${section}`);
});
