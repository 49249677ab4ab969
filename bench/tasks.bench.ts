/**
 * Tasks benchmark (issue 12): GET /get_tasks at 50,000 tasks of one company, beside a bare script running
 * the repository's own statement through the app's database handle and `JSON.stringify`-ing the same answer,
 * in the same run. Goal: app ≤ 1.5× bare. GET /get_task_form_responses (the board: a page, its answers and
 * the total) is timed the same way for reference.
 * Env: DATABASE_URL (a PostgreSQL server; a fresh database is made there), BENCH_TASKS (default 50000),
 * BENCH_ITERATIONS (default 31).
 */
import type { DatabaseHandle } from '../packages/server/src/db/database.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import * as repo from '../packages/server/src/modules/tasks/tasks.repository.js';
import { toTask } from '../packages/server/src/modules/tasks/tasks.mapper.js';
import { GOAL_RATIO, get, printComparison, timeBoth, type Timed } from './lib/timing.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const TASKS = Number(process.env.BENCH_TASKS ?? 50_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 31);
const ASSIGNEES = 20;
const STATUSES = ['open', 'in_progress', 'done'];

/**
 * A task form and `TASKS` submitted tasks, each with two answers; 9 in 10 assigned round-robin to
 * `ASSIGNEES` users (the first user holds 1 in 20), half with their own title, the rest titled by their answer.
 */
async function generate(db: Pick<DatabaseHandle, 'query'>, companyId: number, submitter: number, users: number[]) {
  const template = (await db.query(`INSERT INTO form_templates (company_id, template_name, form_category) VALUES ($1, 'Task', 'Task') RETURNING template_id`, [companyId])).rows[0]!.template_id as number;
  const fields = (await db.query(
    `INSERT INTO form_fields (company_id, template_id, field_name, field_type, position) VALUES ($1, $2, 'Task', 'text', 0), ($1, $2, 'Notes', 'textarea', 1) RETURNING field_id`,
    [companyId, template],
  )).rows.map((r) => r.field_id as number);
  await db.query(
    `INSERT INTO form_responses (company_id, template_id, submitted_by, submitted_at, observed_at, status)
     SELECT $1, $2, $3, now() - i * interval '1 minute', now() - i * interval '1 minute', ($4::text[])[1 + i % 3]
     FROM generate_series(1, $5::int) i`,
    [companyId, template, submitter, STATUSES, TASKS],
  );
  await db.query(
    `INSERT INTO field_responses (company_id, response_id, field_id, input_data)
     SELECT $1, r.response_id, f.field_id, CASE WHEN f.field_id = $3 THEN 'Check traps in bay ' || (r.response_id % 40) ELSE 'Notes ' || r.response_id END
     FROM form_responses r CROSS JOIN unnest($4::int[]) AS f(field_id) WHERE r.template_id = $2`,
    [companyId, template, fields[0], fields],
  );
  await db.query(
    `INSERT INTO tasks (response_id, company_id, title, description, assignee_id, updated_by)
     SELECT r.response_id, $1, CASE WHEN r.response_id % 2 = 0 THEN 'Task ' || r.response_id ELSE '' END, 'Description of ' || r.response_id,
            ($3::int[])[1 + (r.response_id / 10) % ${ASSIGNEES}], $4
     FROM form_responses r WHERE r.template_id = $2 AND r.response_id % 10 <> 0`,
    [companyId, template, users, submitter],
  );
  await db.query('ANALYZE');
}

runBenchApp('tasks', async ({ app, db }) => {
  const companyId = await makeCompany(app, 'Bench Greenhouse');
  const user = await makeUser(app, companyId, 'Regular');
  const users = [user.user_id];
  for (let i = 1; i < ASSIGNEES; i++) {
    users.push((await app.database.query(
      `INSERT INTO users (company_id, email, first_name, last_name, password_hash, user_role) VALUES ($1, $2, 'Grower', $3, 'x', 'Regular') RETURNING user_id`,
      [companyId, `grower-${i}@bench.example`, String(i)],
    )).rows[0]!.user_id as number);
  }
  const started = performance.now();
  const embedded = db.target.kind === 'embedded';
  await generate(app.database, companyId, user.user_id, users);
  // Another company's tenth beside it, so the company condition has something to leave out.
  const other = await makeCompany(app, 'Other Greenhouse');
  const otherUser = await makeUser(app, other, 'Regular');
  await generate(app.database, other, otherUser.user_id, Array.from({ length: ASSIGNEES }, () => otherUser.user_id));
  console.info(`database: ${db.label}${db.target.kind === 'embedded' ? ' (in-process PGlite)' : ''}; ${TASKS} tasks per company, two companies, generated in ${((performance.now() - started) / 1000).toFixed(1)} s; ${ITERATIONS} timed requests (median)\n`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const results: Array<Timed & { label: string }> = [];

  const call = async (url: string) => {
    const res = await get(`${address}/api${url}`, user.auth);
    if (res.status !== 200) throw new Error(res.body.slice(0, 200));
    return res.body.length;
  };

  // get_tasks: the repository's own statement (page size + 1 rows) on the app's Kysely, mapped and stringified as the
  // route does, without HTTP, auth, tenancy or schema checks.
  for (const [label, page, status] of [['get_tasks p1', 1, null], ['get_tasks p40', 40, null], ['get_tasks open', 1, 'open']] as const) {
    results.push({
      label,
      ...(await timeBoth(
        () => call(`/get_tasks?user_id=${user.user_id}&page=${page}${status ? `&status=${status}` : ''}`),
        async () => {
          const rows = (await repo.listAssigned(app.db, companyId, user.user_id, status, 51, (page - 1) * 50)).map((r) => toTask(r));
          return JSON.stringify({ status: 'success', tasks: rows.slice(0, 50), page, per_page: 50, has_more: rows.length > 50 }).length;
        },
        ITERATIONS,
      )),
    });
  }

  // The board: a page of open task form responses with their answers and the total (three statements).
  const filter: repo.CompanyFilter = { companyId, status: 'open' };
  results.push({
    label: 'board p1',
    ...(await timeBoth(
      () => call(`/get_task_form_responses?CompanyID=${companyId}`),
      async () => {
        const [rows, total] = await Promise.all([repo.listCompany(app.db, filter, 50, 0), repo.countCompany(app.db, filter)]);
        const answers = await repo.fieldAnswers(app.db, companyId, rows.map((r) => r.response_id));
        return JSON.stringify({ status: 'success', responses: rows.map((r) => ({ ...toTask(r), fieldResponses: answers.filter((a) => a.response_id === r.response_id) })), total }).length;
      },
      ITERATIONS,
    )),
  });

  printComparison(results, { title: 'call', width: 14, align: 'end' });
  const ready = ((performance.now() - started) / 1000).toFixed(1);
  writeResultsSection(embedded ? 'tasks-embedded' : 'tasks-postgres', [
    `## Tasks: ${embedded ? 'embedded PGlite' : 'PostgreSQL'}`,
    '',
    `Written by \`npm run bench:tasks -w @verdant/bench\` (bench/tasks.bench.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- data: ${TASKS.toLocaleString('en-US')} tasks of one company (9 in 10 assigned over ${ASSIGNEES} users, so the timed user has ${(TASKS / 20 * 0.9).toLocaleString('en-US')}), and as many of another company; run finished ${ready} s after generation started`,
    `- each row: median of ${ITERATIONS} keep-alive HTTP requests (bearer token, contract validation) alternating with the repository's own statement on the app's Kysely, mapped and \`JSON.stringify\`-ed (no HTTP, auth, tenancy or schema checks); goal app ≤ ${GOAL_RATIO}× bare`,
    '',
    '| call | app (HTTP) ms | bare ms | app/bare | met | body |',
    '|:---|---:|---:|---:|:---:|---:|',
    ...results.map((r) => `| ${r.label} | ${r.app.toFixed(1)} | ${r.bare.toFixed(1)} | ${(r.app / r.bare).toFixed(2)} | ${r.app / r.bare <= GOAL_RATIO ? 'yes' : 'NO'} | ${(r.bytes / 1024).toFixed(1)} KiB |`),
  ].join('\n'));
});
