/**
 * Crop registration benchmark (issue 24): a 100 ha tomato site — 100 rooms of 1 ha, one planting each — with two
 * years of weekly registrations: 40 sample plants per room (a new set every 4 weeks), 10 measurement types, so
 * 100 × 104 × 40 × 10 = 4,160,000 values, seeded by generate_series in the database (values from a formula with
 * hashed noise, so each delta is the same formula's difference) and the week sums the registration writes keep (one
 * row per planting and week, its types' sums in arrays: crop_registration_week_sums), built from them by GROUP BY. Then:
 * - GET /api/crop_registration/indicators for all 100 rooms over 13 weeks (a quarter) and over 52 weeks, beside the
 *   bare SQL of its reads (the kept week rows of the range and of the year before, targets, the types' measures);
 * - POST /api/crop_registration/forecast for the crop (100 plantings, 500 forecast rows kept), beside the bare SQL
 *   of its reads (20 weeks of week sums, harvests, typed temperatures).
 * Goal: p95 < 300 ms over HTTP. Env: DATABASE_URL (a PostgreSQL server; a fresh database is made there).
 */
import http from 'node:http';
import { addDays, mondayOf } from '@verdant/contract';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';
import { agent } from './lib/timing.js';

const ROOMS = 100;
const ROOM_M2 = 10_000;
const WEEKS = 104;
const PLANTS = 40;
const ROTATION = 4;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const GOAL_MS = 300;

function request(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: object): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve({ status: 200, bytes }) : reject(new Error(`${url} answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** Runs both variants alternately after a warm-up; answers p50 and p95 of each. */
async function timeBoth(app: () => Promise<number>, bare: () => Promise<number>) {
  for (let i = 0; i < 3; i++) { await app(); await bare(); }
  const a: number[] = [];
  const b: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    let t0 = performance.now();
    bytes = await app();
    a.push(performance.now() - t0);
    t0 = performance.now();
    await bare();
    b.push(performance.now() - t0);
  }
  return { appP50: pct(a, 50), appP95: pct(a, 95), bareP50: pct(b, 50), bareP95: pct(b, 95), bytes };
}

runBenchApp('crop-registration', async ({ app, db, loader }) => {
  if (db.target.kind !== 'postgres') throw new Error('bench:crop-registration needs DATABASE_URL (a PostgreSQL server)');
  const companyId = await makeCompany(app, 'Bench Crop Registration');
  const admin = await makeUser(app, companyId, 'Admin');
  const started = performance.now();
  const lastWeek = mondayOf(new Date().toISOString().slice(0, 10));
  const firstWeek = addDays(lastWeek, -7 * (WEEKS - 1));

  const cropId = (await loader.query(`INSERT INTO crops (company_id, name, eppo_code) VALUES ($1, 'Tomato', 'LYPES') RETURNING crop_id`, [companyId])).rows[0]!.crop_id as number;
  // The tomato defaults and one custom type, through the app (the first read seeds them).
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await request('GET', `${address}/api/crop_registration/measurement_types?company_id=${companyId}&crop_id=${cropId}`, admin.auth);
  await request('POST', `${address}/api/crop_registration/measurement_types/save?company_id=${companyId}`, admin.auth, { crop_id: cropId, name: 'Truss length', unit: 'cm', min: 0, max: 40 });
  const types = (await loader.query('SELECT type_id, measure FROM measurement_types WHERE company_id = $1 ORDER BY position', [companyId])).rows as Array<{ type_id: number; measure: string | null }>;
  if (types.length !== 10) throw new Error(`expected 10 types, found ${types.length}`);
  // Per measure: start value, change per week, per-plant spread and noise (the custom type: a constant with noise).
  const shape: Record<string, [number, number, number, number]> = {
    weekly_growth: [24, 0, 2, 2], stem_diameter: [11, 0, 0.8, 0.5], leaves: [18, 0, 1, 1], flowering_height: [18, 0, 2, 2],
    flowering_truss: [8, 0.9, 0.4, 0.1], set_truss: [6, 0.9, 0.4, 0.1], harvest_truss: [1, 0.9, 0.4, 0.1],
    fruits_per_truss: [5, 0, 0.5, 0.5], fruit_weight: [120, 0, 8, 6],
  };
  const typeValues = types.map((t) => {
    const [base, slope, spread, noise] = shape[t.measure ?? ''] ?? [20, 0, 2, 2];
    return `(${t.type_id}, ${base}, ${slope}, ${spread}, ${noise})`;
  }).join(', ');

  let values = 0;
  for (let r = 0; r < ROOMS; r++) {
    const { planting_id: plantingId, room_id: roomId } = (await loader.query(
      `WITH room AS (INSERT INTO rooms (company_id, name) VALUES ($1, $2) RETURNING room_id),
            grid AS (INSERT INTO grids (company_id, name, nx, ny) VALUES ($1, $2, $3, 1) RETURNING grid_id),
            link AS (INSERT INTO room_grid (company_id, room_id, grid_id) SELECT $1, room_id, grid_id FROM room, grid),
            boxes AS (INSERT INTO grid_boxes (company_id, grid_id, x, y) SELECT $1, grid_id, x, 1 FROM grid, generate_series(1, $3::int) x)
       INSERT INTO crop_plantings (company_id, room_id, crop_id, area_m2, stems_per_m2, start_week, rotation_weeks)
       SELECT $1, room_id, $4, $5, 3.2, $6::date, $7 FROM room RETURNING planting_id, room_id`,
      [companyId, `House ${r + 1}`, PLANTS, cropId, ROOM_M2, firstWeek, ROTATION],
    )).rows[0] as { planting_id: number; room_id: number };
    const box = (await loader.query('SELECT min(b.grid_box_id) AS id FROM grid_boxes b JOIN room_grid rg ON rg.grid_id = b.grid_id WHERE rg.room_id = $1', [roomId])).rows[0]!.id as number;
    // Sample sets of 4 weeks and their 40 plants.
    await loader.query(
      `WITH sets AS (
         INSERT INTO sample_sets (company_id, planting_id, valid_from, valid_to)
         SELECT $1, $2, $3::date + s * 7 * $4, $3::date + (s * $4 + $4 - 1) * 7 FROM generate_series(0, $5::int - 1) s RETURNING set_id)
       INSERT INTO sample_plants (company_id, set_id, grid_box_id, position)
       SELECT $1, set_id, $6::int + p, p FROM sets, generate_series(0, $7::int - 1) p`,
      [companyId, plantingId, firstWeek, ROTATION, WEEKS / ROTATION, box, PLANTS],
    );
    // Noise from a hash of plant and week (no random()), so last week's value, and the delta, come from the same formula.
    const valueAt = (week: string) => `round((t.base + t.slope * ((${week} - $3::date) / 7) + t.spread * sin(sp.sample_plant_id)
      + t.noise * (sin(sp.sample_plant_id * 7.13 + (${week} - $3::date) * 0.53) / 2))::numeric, 1)::float8`;
    const inserted = await loader.query(
      `INSERT INTO crop_registration_values (company_id, sample_plant_id, week, type_id, planting_id, value, delta)
       SELECT $1, sp.sample_plant_id, w.week::date, t.type_id, $2, ${valueAt('w.week::date')},
              CASE WHEN w.week::date > s.valid_from THEN ${valueAt('w.week::date')} - ${valueAt('(w.week::date - 7)')} END
       FROM sample_sets s JOIN sample_plants sp ON sp.set_id = s.set_id
       CROSS JOIN LATERAL generate_series(s.valid_from, s.valid_to, interval '7 days') w(week)
       CROSS JOIN (VALUES ${typeValues}) t(type_id, base, slope, spread, noise)
       WHERE s.planting_id = $2`,
      [companyId, plantingId, firstWeek],
    );
    values += inserted.rowCount ?? 0;
    await loader.query(
      `INSERT INTO room_day_temperatures (company_id, room_id, day, mean_c)
       SELECT $1, $2, d::date, round((19.5 + 2.5 * sin(extract(doy FROM d) / 58.0) + random() - 0.5)::numeric, 1)::float8
       FROM generate_series($3::date, $4::date + 6, interval '1 day') d`,
      [companyId, roomId, firstWeek, lastWeek],
    );
    await loader.query(
      `INSERT INTO crop_harvests (company_id, planting_id, week, kg)
       SELECT $1, $2, w::date, round((18000 + 3000 * random())::numeric)::float8 FROM generate_series($3::date + 70, $4::date, interval '7 days') w`,
      [companyId, plantingId, firstWeek, lastWeek],
    );
  }
  // What the registration writes keep, built at once.
  // (One row per planting and week, its types' sums in arrays, as the write path keeps them; rows in the hashed
  // order a GROUP BY gives, not the planting order the reads want.)
  await loader.query(
    `INSERT INTO crop_registration_week_sums (company_id, planting_id, week, type_ids, n, sum_value, n_delta, sum_delta)
     SELECT company_id, planting_id, week, array_agg(type_id), array_agg(n), array_agg(sum_value), array_agg(n_delta), array_agg(sum_delta)
     FROM (SELECT company_id, planting_id, week, type_id, count(*)::int AS n, sum(value) AS sum_value, count(delta)::int AS n_delta, coalesce(sum(delta), 0) AS sum_delta
           FROM crop_registration_values WHERE company_id = $1 GROUP BY company_id, planting_id, week, type_id) t
     GROUP BY company_id, planting_id, week`,
    [companyId],
  );
  await loader.query(`INSERT INTO crop_targets (company_id, crop_id, indicator, value) VALUES ($1, $2, 'flowering_height', 18), ($1, $2, 'growth', 24)`, [companyId, cropId]);
  await loader.query('ANALYZE');
  const seeded = (performance.now() - started) / 1000;
  const weekRows = Number((await loader.query('SELECT count(*) AS n FROM crop_registration_week_sums WHERE company_id = $1', [companyId])).rows[0]!.n);
  const typeSums = Number((await loader.query('SELECT count(*) AS n FROM crop_registration_weeks WHERE company_id = $1', [companyId])).rows[0]!.n);
  console.info(`database: ${db.label}; ${values.toLocaleString('en-US')} values, ${weekRows.toLocaleString('en-US')} kept week rows (${typeSums.toLocaleString('en-US')} week sums of a type), ${ROOMS} rooms (${ROOMS * ROOM_M2 / 10_000} ha), seeded in ${seeded.toFixed(1)} s\n`);

  const plantingIds = (await loader.query('SELECT planting_id FROM crop_plantings WHERE company_id = $1', [companyId])).rows.map((r) => r.planting_id as number);
  const roomIds = (await loader.query('SELECT room_id FROM crop_plantings WHERE company_id = $1', [companyId])).rows.map((r) => r.room_id as number);
  // The bare reads: the statements the service runs, straight through the pool, answered as JSON.
  // (The kept week rows come as one JSON text, as the service reads them: repository weekSums.)
  const sumsSql = `SELECT coalesce(json_agg(json_build_array(planting_id, week, type_ids, n, sum_value, n_delta, sum_delta) ORDER BY planting_id, week), '[]')::text AS rows
    FROM crop_registration_week_sums WHERE company_id = $1 AND planting_id = ANY($2) AND week >= $3 AND week <= $4`;
  const typesSql = 'SELECT type_id, measure FROM measurement_types WHERE company_id = $1 AND measure IS NOT NULL';
  const bareIndicators = (weeks: number) => async () => {
    const from = addDays(lastWeek, -7 * (weeks - 1));
    const [a, b, c, d] = await Promise.all([
      loader.query(sumsSql, [companyId, plantingIds, addDays(from, -7), lastWeek]),
      loader.query(sumsSql, [companyId, plantingIds, addDays(from, -7 - 364), addDays(lastWeek, -364)]),
      loader.query('SELECT target_id, crop_id, indicator, value FROM crop_targets WHERE company_id = $1 AND crop_id = $2', [companyId, cropId]),
      loader.query(typesSql, [companyId]),
    ]);
    return JSON.stringify([a.rows, b.rows, c.rows, d.rows]).length;
  };
  const madeWeek = addDays(lastWeek, -7 * 6);
  const bareForecast = async () => {
    const from = addDays(madeWeek, -7 * 21);
    const [a, b, c, d] = await Promise.all([
      loader.query(sumsSql, [companyId, plantingIds, from, madeWeek]),
      loader.query('SELECT planting_id, week, kg FROM crop_harvests WHERE company_id = $1 AND planting_id = ANY($2) AND week >= $3 AND week <= $4', [companyId, plantingIds, from, madeWeek]),
      loader.query('SELECT room_id, day, mean_c FROM room_day_temperatures WHERE company_id = $1 AND room_id = ANY($2) AND day >= $3 AND day <= $4', [companyId, roomIds, from, addDays(madeWeek, 6)]),
      loader.query(typesSql, [companyId]),
    ]);
    return JSON.stringify([a.rows, b.rows, c.rows, d.rows]).length;
  };
  const indicatorsUrl = (weeks: number) =>
    `${address}/api/crop_registration/indicators?company_id=${companyId}&crop_id=${cropId}&from=${addDays(lastWeek, -7 * (weeks - 1))}&to=${lastWeek}`;
  const results = [
    { label: 'indicators, 100 rooms × 13 weeks (+ last year)', ...(await timeBoth(async () => (await request('GET', indicatorsUrl(13), admin.auth)).bytes, bareIndicators(13))) },
    { label: 'indicators, 100 rooms × 52 weeks (+ last year)', ...(await timeBoth(async () => (await request('GET', indicatorsUrl(52), admin.auth)).bytes, bareIndicators(52))) },
    {
      label: 'forecast, 100 plantings × 5 weeks (kept)',
      ...(await timeBoth(async () => (await request('POST', `${address}/api/crop_registration/forecast?company_id=${companyId}`, admin.auth, { crop_id: cropId, made_week: madeWeek })).bytes, bareForecast)),
    },
  ];
  console.info(`${'call'.padEnd(50)} | app p50 | app p95 | bare p50 | bare p95 | body`);
  for (const r of results) {
    console.info(`${r.label.padEnd(50)} | ${r.appP50.toFixed(1).padStart(7)} | ${r.appP95.toFixed(1).padStart(7)} | ${r.bareP50.toFixed(1).padStart(8)} | ${r.bareP95.toFixed(1).padStart(8)} | ${(r.bytes / 1024).toFixed(0)} KiB`);
  }
  const met = results.every((r) => r.appP95 < GOAL_MS);
  console.info(`\ngoal: p95 < ${GOAL_MS} ms over HTTP: ${met ? 'met' : 'NOT met'}`);
  writeResultsSection('crop-registration', [
    '## Crop registration: indicators and forecast (issue 24)',
    '',
    `Written by \`DATABASE_URL=postgres://… npm run bench:crop-registration -w @verdant/bench\` (bench/crop-registration.bench.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- data: ${values.toLocaleString('en-US')} registered values (${ROOMS} rooms of 1 ha, ${PLANTS} sample plants each, a new set every ${ROTATION} weeks, 10 types, ${WEEKS} weeks), ${weekRows.toLocaleString('en-US')} kept week rows (${typeSums.toLocaleString('en-US')} week sums of a type), 2 years of daily temperatures and weekly harvests; seeded by generate_series in ${seeded.toFixed(1)} s`,
    `- ${ITERATIONS} calls each over keep-alive HTTP, alternating with the bare SQL of the same reads (through the bench's pool, JSON.stringify'd)`,
    `- goal: p95 < ${GOAL_MS} ms: ${met ? 'met' : 'NOT met'}`,
    '',
    '| call | app p50 ms | app p95 ms | bare SQL p50 ms | bare SQL p95 ms | body KiB |',
    '|:---|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.label} | ${r.appP50.toFixed(1)} | ${r.appP95.toFixed(1)} | ${r.bareP50.toFixed(1)} | ${r.bareP95.toFixed(1)} | ${(r.bytes / 1024).toFixed(0)} |`),
  ].join('\n'));
});
