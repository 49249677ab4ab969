/**
 * Pressure map benchmark (issue 11): GET /get_room_pressure_frames — every frame of a 10,000-box room
 * in one answer — beside the bare SQL it runs (the room check, the repository's own pressure statement
 * compiled with the same parameters, the company threshold) through the app's own database handle and
 * `JSON.stringify` of its rows, alternating in the same run. Goal: app ≤ 1.5× bare.
 * Env: BENCH_OBSERVATIONS (in the 12 weeks, default 150000), BENCH_ITERATIONS (default 15), DATABASE_URL.
 */
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { todayIn } from '@verdant/contract';
import { REPORT_TIME_ZONE } from '../packages/server/src/modules/reports/report-range.js';
import { pressureStatement } from '../packages/server/src/modules/pressure/pressure.repository.js';
import { pressureWindow } from '../packages/server/src/modules/pressure/pressure.service.js';
import { get, GOAL_RATIO, printComparison, timeBoth, type Timed } from './lib/timing.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const OBSERVATIONS = Number(process.env.BENCH_OBSERVATIONS ?? 150_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 15);
const TRAP_READINGS = 5_000;
const PROBLEMS = ['Aphids', 'Thrips', 'Powdery mildew', 'Spider mites', 'Whitefly', 'Botrytis', 'Fungus gnats', 'Leaf miner'];

runBenchApp('pressure', async ({ app, db }) => {
  const embedded = db.target.kind === 'embedded';
  const companyId = await makeCompany(app, 'Bench Greenhouse');
  const user = await makeUser(app, companyId, 'Regular');
  const room = await app.db.insertInto('rooms').values({ company_id: companyId, name: 'Pressure room' }).returning('room_id').executeTakeFirstOrThrow();
  const roomId = room.room_id;
  const created = await app.inject({
    method: 'POST',
    url: '/api/Create_grid',
    headers: { ...user.auth },
    payload: { nx: 100, ny: 100, ngrid_name: 'Grid 10k', ncompany_id: companyId, nroom_id: roomId },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const gridId = created.json().grid.id as number;
  const started = performance.now();
  const boxes = `(SELECT array_agg(grid_box_id ORDER BY grid_box_id) FROM grid_boxes WHERE grid_id = ${gridId})`;
  // Observations over the 12 weeks up to now (1 in 20 dismissed, 1 in 4 from scans), and as many older ones
  // that the time condition must leave out.
  await app.database.query(
    `INSERT INTO problem_observations (company_id, problem, grid_box_id, grid_id, room_id, source, observed_at, status)
     SELECT $1, ($2::text[])[(1 + (i * 7919) % ${PROBLEMS.length})::int], b.ids[(1 + (i * 104729) % 10000)::int], $3, $4,
            CASE WHEN i % 4 = 0 THEN 'scan' ELSE 'form' END,
            now() - ((i * 7907) % (CASE WHEN i % 2 = 0 THEN 84 ELSE 365 END * 86400)) * interval '1 second'
              - CASE WHEN i % 2 = 0 THEN interval '0' ELSE interval '84 days' END,
            CASE WHEN i % 20 = 0 THEN 'dismissed' ELSE 'open' END
     FROM generate_series(1::bigint, $5::bigint) i, (SELECT ${boxes} AS ids) b`,
    [companyId, PROBLEMS, gridId, roomId, OBSERVATIONS * 2],
  );
  const template = await app.db.insertInto('form_templates').values({ company_id: companyId, template_name: 'Sticky traps', created_by: user.user_id })
    .returning('template_id').executeTakeFirstOrThrow();
  const fields = await app.db.insertInto('form_fields')
    .values(['Thrips', 'Whitefly'].map((name) => ({ company_id: companyId, template_id: template.template_id, field_name: name, field_type: 'sticky-trap-count' as const })))
    .returning('field_id').execute();
  await app.database.query(
    `WITH r AS (
       INSERT INTO form_responses (company_id, template_id, grid_box_id, grid_id, room_id, observed_at)
       SELECT $1, $2, b.ids[(1 + (i * 6151) % 10000)::int], $3, $4, now() - ((i * 7907) % (84 * 86400)) * interval '1 second'
       FROM generate_series(1::bigint, $5::bigint) i, (SELECT ${boxes} AS ids) b
       RETURNING response_id)
     INSERT INTO field_responses (company_id, response_id, field_id, input_data)
     SELECT $1, r.response_id, f, ((r.response_id * 31) % 40)::text FROM r, unnest($6::int[]) f`,
    [companyId, template.template_id, gridId, roomId, TRAP_READINGS, fields.map((f) => f.field_id)],
  );
  await app.database.query('ANALYZE');
  const ready = `${(OBSERVATIONS * 2).toLocaleString('en-US')} observations (half in the 12 weeks) and ${TRAP_READINGS.toLocaleString('en-US')} sticky-trap readings ready in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  console.info(`database: ${db.label}; ${ready}; ${ITERATIONS} timed requests per case (median)\n`);

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const today = todayIn(REPORT_TIME_ZONE);
  const cases: Array<{ label: string; step: 'week' | 'day'; problem: string | null }> = [
    { label: '12 weekly frames, all problems', step: 'week', problem: null },
    { label: '12 weekly frames, Thrips', step: 'week', problem: 'Thrips' },
    { label: '84 daily frames, all problems', step: 'day', problem: null },
  ];
  const results: Array<Timed & { label: string }> = [];
  for (const c of cases) {
    const url = `${address}/api/get_room_pressure_frames?${new URLSearchParams({ company_id: String(companyId), room_id: String(roomId), step: c.step, ...(c.problem ? { problem: c.problem } : {}) })}`;
    const window = pressureWindow(c.step, today);
    const statement = pressureStatement(companyId, roomId, window, c.problem).compile(app.db);
    const measured = await timeBoth(
      async () => {
        const res = await get(url, user.auth);
        if (res.status !== 200) throw new Error(res.body.slice(0, 300));
        return res.body.length;
      },
      async () => {
        await app.database.query('SELECT room_id FROM rooms WHERE room_id = $1 AND company_id = $2', [roomId, companyId]);
        const rows = await app.database.query(statement.sql, statement.parameters as unknown[]);
        await app.database.query('SELECT threshold_warning FROM company_settings WHERE company_id = $1', [companyId]);
        return JSON.stringify(rows.rows).length;
      },
      ITERATIONS,
    );
    results.push({ label: c.label, ...measured });
  }
  printComparison(results, { title: 'frames of a 10,000-box room', width: 32, align: 'end' });

  const section = [
    `## Pressure map frames: ${embedded ? 'embedded PGlite' : 'PostgreSQL'}`,
    '',
    `Written by \`npm run bench:pressure -w @verdant/bench\` (bench/pressure.bench.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- database: ${db.label}; one room of 100 × 100 boxes; ${ready}`,
    `- each row: median of ${ITERATIONS} HTTP requests (keep-alive, bearer token, contract checks) alternating with the bare statements (room check, the repository's pressure statement, threshold) on the app's handle + JSON.stringify of the rows`,
    '',
    '| case | app (HTTP) ms | bare SQL ms | app / bare | goal | body |',
    '|:---|---:|---:|---:|:---:|---:|',
    ...results.map((r) =>
      `| ${r.label} | ${r.app.toFixed(1)} | ${r.bare.toFixed(1)} | ${(r.app / r.bare).toFixed(2)} | ${r.app / r.bare <= GOAL_RATIO ? 'met' : 'NOT met'} | ${(r.bytes / 1024).toFixed(1)} KiB |`),
  ].join('\n');
  writeResultsSection(embedded ? 'pressure-embedded' : 'pressure-postgres', section);
  console.info(`\n${section}`);
});
