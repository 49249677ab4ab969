/**
 * Register export benchmark (issue 22): the plant-protection register of a 100 ha site over two years —
 * BENCH_APPLICATIONS applications (default 50,000) on 3 boxes each (150,000 treated-box rows), one in five a
 * two-product tank mix — seeded with COPY … FROM STDIN, then GET /api/register/export?format=eu_csv streamed
 * over HTTP while the process's memory is sampled, beside a bare `COPY (the same lines) TO STDOUT` in the same
 * run. Goals: the export streams in < 10 s with the server's memory flat (peak RSS growth < 100 MB).
 * The app runs in this process, so RSS is the server's; the client only counts the bytes it receives. Heap peak
 * counts garbage not yet collected; heap after GC (node --expose-gc, as the npm script runs it) is what stayed.
 * Env: DATABASE_URL (a PostgreSQL server; a fresh database is made there). psql must be on the PATH (COPY).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { sql } from 'kysely';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { registerPageSql } from '../packages/server/src/modules/register/register.repository.js';
import { REGISTER_PAGE } from '../packages/server/src/modules/register/register.service.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 50_000);
const BOXES_EACH = 3;
const ROOMS = 20;
/** 20 rooms of 50 × 50 boxes of 20 m²: 50,000 boxes, 100 ha. */
const SIDE = 50;
const BOX_M2 = 20;
const DAYS = 730;
const GOAL_SECONDS = 10;
const GOAL_MB = 100;

/** Runs `psql -c sql` with `input` (an iterable of text) on stdin, or counts the bytes of stdout; answers bytes out. */
function psql(url: string, sqlText: string, input?: Iterable<string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sqlText], { stdio: ['pipe', 'pipe', 'pipe'] });
    let bytes = 0;
    let err = '';
    child.stdout.on('data', (b: Buffer) => (bytes += b.length));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(bytes) : reject(new Error(`psql exited ${code}: ${err}`))));
    if (!input) return child.stdin.end();
    const it = input[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        const next = it.next();
        if (next.done) return child.stdin.end();
        if (!child.stdin.write(next.value)) return child.stdin.once('drain', pump);
      }
    };
    pump();
  });
}

function* chunked(rows: Iterable<string>, size = 1 << 16): Generator<string> {
  let buf = '';
  for (const r of rows) {
    buf += r;
    if (buf.length >= size) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + (i % DAYS) * 86_400_000).toISOString().slice(0, 10);

/** Streams the export over HTTP, counting bytes, while sampling RSS every 20 ms. */
function timedExport(url: string, auth: Record<string, string>) {
  return new Promise<{ seconds: number; bytes: number; rows: string; peakGrowthMb: number; heapGrowthMb: number; retainedMb: number }>((resolve, reject) => {
    global.gc?.();
    const base = process.memoryUsage();
    let peak = base.rss;
    let heap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heap = Math.max(heap, m.heapUsed);
    }, 20);
    const started = performance.now();
    http.get(url, { headers: auth }, (res) => {
      let bytes = 0;
      if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
      res.on('data', (b: Buffer) => (bytes += b.length));
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        global.gc?.();
        const retainedMb = (process.memoryUsage().heapUsed - base.heapUsed) / 1048576;
        resolve({
          seconds: (performance.now() - started) / 1000, bytes, rows: String(res.headers['x-export-rows']),
          peakGrowthMb: (peak - base.rss) / 1048576, heapGrowthMb: (heap - base.heapUsed) / 1048576, retainedMb,
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

runBenchApp('register-export', async ({ app, db, loader }) => {
  if (db.target.kind !== 'postgres') throw new Error('bench:register-export needs DATABASE_URL (COPY through psql)');
  const url = db.target.url;
  const companyId = await makeCompany(app, 'Bench Register Greenhouse');
  const admin = await makeUser(app, companyId, 'Admin');
  const started = performance.now();

  const products: number[] = [];
  for (let p = 0; p < 8; p++) {
    products.push((await loader.query(
      `INSERT INTO spray_products (company_id, name, reentry_interval_hours, preharvest_interval_days, authorisation_number, authorisation_country, unit, active_substances)
       VALUES ($1, $2, 12, 3, $3, 'NL', 'L', '[{"name":"abamectin","concentration":18,"concentration_unit":"g/L"}]') RETURNING product_id`,
      [companyId, `Product ${p + 1}`, `NL-${10000 + p}`],
    )).rows[0]!.product_id as number);
  }
  // The site: rooms with one grid each, boxes by generate_series (not the subject here).
  for (let r = 0; r < ROOMS; r++) {
    await loader.query(
      `WITH room AS (INSERT INTO rooms (company_id, name) VALUES ($1, $2) RETURNING room_id),
            grid AS (INSERT INTO grids (company_id, name, nx, ny, cell_area_m2) VALUES ($1, $3, $4, $4, $5) RETURNING grid_id),
            link AS (INSERT INTO room_grid (company_id, room_id, grid_id) SELECT $1, room_id, grid_id FROM room, grid)
       INSERT INTO grid_boxes (company_id, grid_id, x, y) SELECT $1, grid_id, x, y FROM grid, generate_series(1, $4::int) x, generate_series(1, $4::int) y`,
      [companyId, `House ${r + 1}`, `Grid ${r + 1}`, SIDE, BOX_M2],
    );
  }
  const boxes = (await loader.query('SELECT grid_box_id FROM grid_boxes WHERE company_id = $1 ORDER BY grid_box_id', [companyId])).rows.map((r) => r.grid_box_id as number);

  // Applications by COPY (ids are the identity's, read back as a contiguous range after it).
  await psql(url, 'COPY treatment_applications (company_id, product_id, application_date, applied_at, started_at, ended_at, quantity_used, reentry_until, preharvest_until, applied_by, operator_licence, equipment, crop_eppo, crop_name, bbch, area_m2, area_source, water_volume_l, weather) FROM STDIN (FORMAT csv)',
    chunked((function* () {
      for (let i = 0; i < APPLICATIONS; i++) {
        const d = day(i);
        const at = `${d}T${String(6 + (i % 10)).padStart(2, '0')}:00:00Z`;
        const end = `${d}T${String(7 + (i % 10)).padStart(2, '0')}:00:00Z`;
        yield `${companyId},${products[i % products.length]},${d},${at},${at},${end},${(1 + (i % 5) / 10).toFixed(2)},${end},${d},${admin.user_id},LIC-1,Boom ${i % 4},LYPES,Tomato,${10 + (i % 80)},${BOXES_EACH * BOX_M2},grid,${500 + (i % 3) * 250},"{""temperature_c"":${15 + (i % 15)},""humidity_pct"":70}"\n`;
      }
    })()));
  const first = Number((await loader.query('SELECT min(application_id) AS id FROM treatment_applications WHERE company_id = $1', [companyId])).rows[0]!.id);
  let lines = 0;
  await psql(url, 'COPY treatment_application_products (application_id, line_no, product_id, quantity_used, quantity_unit, dose, dose_unit) FROM STDIN (FORMAT csv)',
    chunked((function* () {
      for (let i = 0; i < APPLICATIONS; i++) {
        lines++;
        yield `${first + i},1,${products[i % products.length]},${(1 + (i % 5) / 10).toFixed(2)},L,0.5,L/1000L\n`;
        if (i % 5 === 0) {
          lines++;
          yield `${first + i},2,${products[(i + 3) % products.length]},0.2,L,0.2,L/1000L\n`;
        }
      }
    })()));
  await psql(url, 'COPY treatment_application_boxes (application_id, grid_box_id) FROM STDIN (FORMAT csv)',
    chunked((function* () {
      for (let i = 0; i < APPLICATIONS; i++) {
        const at = (i * BOXES_EACH * 7) % (boxes.length - BOXES_EACH);
        for (let k = 0; k < BOXES_EACH; k++) yield `${first + i},${boxes[at + k]}\n`;
      }
    })()));
  await loader.query('ANALYZE');
  const seeded = (performance.now() - started) / 1000;
  console.info(`database: ${db.label}; ${APPLICATIONS.toLocaleString('en-US')} applications, ${lines.toLocaleString('en-US')} product lines, ${(APPLICATIONS * BOXES_EACH).toLocaleString('en-US')} treated-box rows, ${boxes.length.toLocaleString('en-US')} boxes (${(boxes.length * BOX_M2 / 10_000).toFixed(0)} ha); seeded by COPY in ${seeded.toFixed(1)} s\n`);

  const from = day(0);
  const to = day(DAYS - 1);
  if (process.env.BENCH_EXPLAIN) {
    // The plan of a page from the middle of the period, for when the export is slow (BENCH_EXPLAIN=1).
    const filter = { companyId, from, to, roomId: null };
    const key = (await loader.query(`SELECT to_char(application_date, 'YYYY-MM-DD') AS day, application_id FROM treatment_applications WHERE company_id = $1
      ORDER BY application_date, application_id OFFSET $2 LIMIT 1`, [companyId, APPLICATIONS / 2])).rows[0]!;
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${registerPageSql(filter, { day: key.day as string, applicationId: key.application_id as number }, REGISTER_PAGE)}`.execute(app.db);
    console.info(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // A first pass warms the statement plans and the buffer cache for both sides alike.
  const exportUrl = (format: string, until = to) => `${address}/api/register/export?company_id=${companyId}&format=${format}&from=${from}&to=${until}`;
  await timedExport(exportUrl('eu_csv'), admin.auth);
  // The first year alone beside the two: memory that does not grow with the rows is flat.
  const year = await timedExport(exportUrl('eu_csv', day(364)), admin.auth);
  const eu = await timedExport(exportUrl('eu_csv'), admin.auth);
  const json = await timedExport(exportUrl('eu_json'), admin.auth);

  const bareSql = `COPY (
    SELECT a.application_id, l.line_no, a.application_date, a.started_at, a.ended_at, p.name, p.authorisation_number, a.crop_eppo, a.bbch,
           l.dose, l.dose_unit, l.quantity_used, l.quantity_unit, a.area_m2, a.operator_licence,
           (SELECT string_agg(ab.grid_box_id::text, ';') FROM treatment_application_boxes ab WHERE ab.application_id = a.application_id) AS boxes
    FROM treatment_applications a JOIN treatment_application_products l ON l.application_id = a.application_id JOIN spray_products p ON p.product_id = l.product_id
    WHERE a.company_id = ${companyId} ORDER BY a.application_date, a.application_id, l.line_no) TO STDOUT (FORMAT csv)`;
  await psql(url, bareSql);
  const bareStart = performance.now();
  const bareBytes = await psql(url, bareSql);
  const bareSeconds = (performance.now() - bareStart) / 1000;

  const rows = [
    ['EU 2023/564 CSV, first year (HTTP, streamed)', year.seconds, year.bytes, year, year.rows],
    ['EU 2023/564 CSV, two years (HTTP, streamed)', eu.seconds, eu.bytes, eu, eu.rows],
    ['EU 2023/564 JSON, two years (HTTP, streamed)', json.seconds, json.bytes, json, json.rows],
    ['bare COPY (same lines) TO STDOUT via psql', bareSeconds, bareBytes, null, String(lines)],
  ] as const;
  for (const [label, s, bytes, m, n] of rows) {
    console.info(`${label.padEnd(46)} ${s.toFixed(2).padStart(6)} s  ${(bytes / 1048576).toFixed(1).padStart(6)} MB  ${n} lines${m === null ? '' : `  RSS peak growth ${m.peakGrowthMb.toFixed(1)} MB, heap peak ${m.heapGrowthMb.toFixed(1)} MB, heap after GC ${m.retainedMb.toFixed(1)} MB`}`);
  }
  const met = eu.seconds < GOAL_SECONDS && eu.peakGrowthMb < GOAL_MB;
  console.info(`\ngoal: < ${GOAL_SECONDS} s and < ${GOAL_MB} MB growth: ${met ? 'met' : 'NOT met'}; EU CSV / bare COPY = ${(eu.seconds / bareSeconds).toFixed(1)}×`);
  writeResultsSection('register-export', [
    '## Register export (issue 22)',
    '',
    `Written by \`DATABASE_URL=postgres://… npm run bench:register-export -w @verdant/bench\` (bench/register-export.bench.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- data: ${APPLICATIONS.toLocaleString('en-US')} applications over ${DAYS} days (${lines.toLocaleString('en-US')} product lines), ${(APPLICATIONS * BOXES_EACH).toLocaleString('en-US')} treated-box rows on a ${(boxes.length * BOX_M2 / 10_000).toFixed(0)} ha site, seeded by COPY in ${seeded.toFixed(1)} s`,
    `- goal: the EU export streams in < ${GOAL_SECONDS} s with peak RSS growth < ${GOAL_MB} MB (the app runs in the bench process): ${met ? 'met' : 'NOT met'}`,
    '',
    '| export | s | MB sent | lines | RSS peak growth MB | heap peak growth MB | heap after GC MB |',
    '|:---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(([label, s, bytes, m, n]) => `| ${label} | ${s.toFixed(2)} | ${(bytes / 1048576).toFixed(1)} | ${n} | ${m === null ? '—' : m.peakGrowthMb.toFixed(1)} | ${m === null ? '—' : m.heapGrowthMb.toFixed(1)} | ${m === null ? '—' : m.retainedMb.toFixed(1)} |`),
  ].join('\n'));
});
