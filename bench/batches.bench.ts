/**
 * Batches benchmark: GET /get_batches (5,000 batches) and GET /get_batch_dashboard (one batch of 40
 * plants, with its history, problems and responses) on a company with 5,000 batches and 200,000
 * plants, each beside a bare script running the same SQL through the app's own database handle
 * (`app.database.query`, or Kysely over it: the same in-process PGlite session, or the app's pool on
 * DATABASE_URL) and `JSON.stringify`-ing the same answer, in the same run. Goal (issue 5): app ≤ 1.5× bare.
 * Env: BENCH_ITERATIONS (default 15), DATABASE_URL (a PostgreSQL server; a fresh database is made there).
 */
import type { Compilable } from 'kysely';
import type { DatabaseHandle } from '../packages/server/src/db/database.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { toBatch } from '../packages/server/src/modules/batches/batches.mapper.js';
import * as batchesRepo from '../packages/server/src/modules/batches/batches.repository.js';
import * as dashRepo from '../packages/server/src/modules/batches/batch-dashboard.repository.js';
import { get, printComparison, timeBoth, type Timed } from './lib/timing.js';
import { runBenchApp } from './lib/bench-app.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 15);
const BATCHES = 5_000;
const PLANTS = 200_000;

/** 5,000 batches, 200,000 plants (40 per batch), 3 status changes per batch, 50,000 problems and responses. */
async function generate(db: Pick<DatabaseHandle, 'query'>, companyId: number, userId: number) {
  await db.query(
    `INSERT INTO batches (company_id, batch_number, number_of_plants, strain_name, batch_status, color, pre_books, start_date, end_date, created_by, created_at)
     SELECT $1, 'B-' || lpad(i::text, 5, '0'), 40, 'Strain ' || (i % 25), (ARRAY['Planned','Propagation','Vegetative','Flowering','Ready','Harvested','Destroyed'])[1 + i % 7],
            '#2e7d32', i % 30, date '2026-01-01' + (i % 200), date '2026-01-01' + (i % 200) + 120, $2, now() - (i % 300) * interval '1 day'
     FROM generate_series(1, ${BATCHES}) i`,
    [companyId, userId],
  );
  const first = (await db.query('SELECT min(batch_id)::int AS id FROM batches WHERE company_id = $1', [companyId])).rows[0]!.id as number;
  await db.query(
    `INSERT INTO plants (plant_uid, company_id, created_by) SELECT 'P-' || lpad(i::text, 8, '0'), $1, $2 FROM generate_series(1, ${PLANTS}) i`,
    [companyId, userId],
  );
  await db.query(
    `INSERT INTO plant_batches (company_id, plant_id, batch_id, linked_by)
     SELECT $1, p.plant_id, $2 + ((row_number() OVER (ORDER BY p.plant_id) - 1) / ${PLANTS / BATCHES})::int, $3 FROM plants p WHERE p.company_id = $1`,
    [companyId, first, userId],
  );
  await db.query(
    `INSERT INTO batch_status_history (company_id, batch_id, from_status, to_status, changed_by, changed_at)
     SELECT $1, b.batch_id, s.f, s.t, $2, b.created_at + s.d * interval '1 day'
     FROM batches b, (VALUES (NULL, 'Planned', 0), ('Planned', 'Propagation', 10), ('Propagation', 'Vegetative', 30)) s(f, t, d)
     WHERE b.company_id = $1`,
    [companyId, userId],
  );
  await db.query(
    `INSERT INTO problem_observations (company_id, problem, severity, batch_id, source, observed_at, observed_by)
     SELECT $1, (ARRAY['Aphids','Thrips','Powdery mildew','Spider mites'])[1 + i % 4], 1 + i % 5, $2 + i % ${BATCHES}, 'batch_problem',
            now() - (i % 180) * interval '1 day', $3
     FROM generate_series(1, 50000) i`,
    [companyId, first, userId],
  );
  const template = (await db.query(`INSERT INTO form_templates (company_id, template_name) VALUES ($1, 'Bench scouting') RETURNING template_id`, [companyId])).rows[0]!.template_id;
  await db.query(
    `INSERT INTO form_responses (company_id, template_id, batch_id, submitted_by, submitted_at, observed_at)
     SELECT $1, $2, $3 + i % ${BATCHES}, $4, now() - (i % 180) * interval '1 day', now() - (i % 180) * interval '1 day'
     FROM generate_series(1, 50000) i`,
    [companyId, template, first, userId],
  );
  await db.query('ANALYZE');
  return first;
}

const compiled = (q: Compilable) => q.compile();

runBenchApp('batches', async ({ app, db }) => {
  // The bare side's Kysely: the app's own, without HTTP, auth, tenancy or schema checks in front.
  const bare = app.db;
  const companyId = await makeCompany(app, 'Bench Greenhouse');
  const user = await makeUser(app, companyId, 'Regular');
  const started = performance.now();
  const first = await generate(app.database, companyId, user.user_id);
  console.info(`database: ${db.label}${db.target.kind === 'embedded' ? ' (in-process PGlite)' : ''}; ${BATCHES} batches, ${PLANTS} plants generated in ${((performance.now() - started) / 1000).toFixed(1)} s; ${ITERATIONS} timed requests (median)\n`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const batchId = first + BATCHES / 2;
  const results: Array<Timed & { label: string }> = [];

  // get_batches: the repository's own statement, mapped and stringified as the route does, without HTTP or checks.
  const list = compiled(app.db.selectFrom('batches').selectAll().where('company_id', '=', companyId).orderBy('batch_id', 'desc'));
  results.push({
    label: 'get_batches',
    ...(await timeBoth(
      async () => {
        const res = await get(`${address}/api/get_batches?company_id=${companyId}`, user.auth);
        if (res.status !== 200) throw new Error(res.body.slice(0, 200));
        return res.body.length;
      },
      async () => {
        const res = await app.database.query(list.sql, list.parameters as unknown[]);
        return JSON.stringify(res.rows.map((row) => toBatch(row as Parameters<typeof toBatch>[0]))).length;
      },
      ITERATIONS,
    )),
  });

  // get_batch_dashboard: the repository's five statements on the app's Kysely, called directly (no HTTP, auth, tenancy or schema checks).
  const from = new Date('2025-06-01T00:00:00Z');
  const to = new Date(Date.now() + 86_400_000);
  results.push({
    label: 'dashboard',
    ...(await timeBoth(
      async () => {
        const res = await get(`${address}/api/get_batch_dashboard?company_id=${companyId}&batch_id=${batchId}&start_date=2025-06-01`, user.auth);
        if (res.status !== 200) throw new Error(res.body.slice(0, 200));
        return res.body.length;
      },
      async () => {
        const [batch, counts, history, problems, responses] = await Promise.all([
          batchesRepo.findBatch(bare, companyId, batchId),
          dashRepo.linkCounts(bare, batchId),
          batchesRepo.statusHistory(bare, batchId),
          dashRepo.problemsPerWeek(bare, companyId, batchId, from, to),
          dashRepo.responsesPerWeek(bare, companyId, batchId, from, to),
        ]);
        return JSON.stringify({ status: 'success', batch_details: { batch: toBatch(batch!), plant_counts: counts, status_timeline: history, problems_over_time: problems, treatments: [], form_responses_per_week: responses } }).length;
      },
      ITERATIONS,
    )),
  });

  printComparison(results, { title: 'call', width: 11, align: 'end' });
});
