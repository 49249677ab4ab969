/**
 * Scale reads (issue 19): the reads issue 19 found slow, on one large company, each at 4 concurrent requests
 * beside its bare SQL (the repositories' own statements through the app's Kysely, no HTTP, auth or checks) and,
 * where the statement changed, beside the statement it replaced — all in the same run:
 * scouting coverage (kept per-box visits vs reading every observation and response), observations filtered by room
 * and by text (capped / day-count totals vs count(*) over OR and ILIKE), a deep page by offset vs by cursor, the
 * batch dashboard (index-driven UNION vs OR over the batch's boxes), the audit trail, and the whole facility's rooms
 * list plain, gzip and brotli (bytes and time).
 * Env: DATABASE_URL (a PostgreSQL server; a fresh database is made there and dropped), BENCH_OBSERVATIONS
 * (default 1,000,000), BENCH_ROOMS (default 24: 24 rooms × 4 grids × 20 × 20 = 38,400 boxes), BENCH_ITERATIONS
 * (per concurrent client, default 10).
 */
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../packages/server/src/db/schema.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { coverage } from '../packages/server/src/modules/scouting_coverage/scouting-coverage.repository.js';
import * as obsRepo from '../packages/server/src/modules/unresolved_problems/observation-list.repository.js';
import * as dashRepo from '../packages/server/src/modules/batches/batch-dashboard.repository.js';
import * as auditRepo from '../packages/server/src/modules/audit/audit.repository.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';
import { coverageBefore } from './scale-reads/coverage-before.js';
import { loadCompany } from './scale-reads/load.js';
import { concurrent as timed, CONCURRENCY, get, GOAL_MS } from './scale-reads/measure.js';

const OBSERVATIONS = Number(process.env.BENCH_OBSERVATIONS ?? 1_000_000);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 24);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);
const concurrent = (f: () => Promise<unknown>, n = ITERATIONS) => timed(f, n);

interface Row {
  read: string;
  app: { p50: number; p95: number };
  bare: { p50: number; p95: number };
  before?: { p50: number; p95: number };
  bytes: number;
}

runBenchApp('scale-reads', async ({ app, loader }) => {
  const companyId = await makeCompany(app, 'Scale grower');
  const user = await makeUser(app, companyId, 'Admin');
  // A few small companies beside it, so the tenant filters do work.
  for (let i = 0; i < 20; i++) await makeCompany(app);
  const started = performance.now();
  const made = await loadCompany(loader, companyId, [user.user_id], {
    rooms: ROOMS, gridsPerRoom: 4, nx: 20, ny: 20, observations: OBSERVATIONS, responses: OBSERVATIONS / 10, batches: 300, audit: 200_000,
  });
  await loader.query('ANALYZE');
  const boxes = made.grid_boxes!;
  const loadSeconds = (performance.now() - started) / 1000;
  console.info(`loaded ${boxes} boxes, ${OBSERVATIONS} observations in ${loadSeconds.toFixed(0)} s`);
  const db = app.db as Kysely<DB>;
  await sql`INSERT INTO scouting_frequencies (company_id, due_every_days) VALUES (${companyId}, 7)`.execute(db);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const api = (path: string, headers: Record<string, string> = {}) => get(`${address}/api${path}`, { ...user.auth, ...headers });
  const roomId = (await db.selectFrom('rooms').select('room_id').where('company_id', '=', companyId).orderBy('room_id').executeTakeFirstOrThrow()).room_id;
  const batchId = (await db.selectFrom('batches').select('batch_id').where('company_id', '=', companyId).orderBy('batch_id').executeTakeFirstOrThrow()).batch_id;
  const rows: Row[] = [];
  const measure = async (read: string, appCall: () => Promise<{ bytes: number }>, bare: () => Promise<unknown>, before?: () => Promise<unknown>) => {
    let bytes = 0;
    const a = await concurrent(async () => (bytes = (await appCall()).bytes));
    const b = await concurrent(bare);
    const old = before ? await concurrent(before, 2) : undefined;
    rows.push({ read, app: a, bare: b, before: old, bytes });
    console.info(read, a, b, old ?? '');
  };

  const now = () => new Date();
  await measure('scouting coverage, every room', () => api(`/get_scouting_coverage?company_id=${companyId}`),
    () => coverage(db, companyId, now(), null, false), () => coverageBefore(db, companyId, now(), null, false));
  await measure('scouting coverage, one room with its overdue boxes', () => api(`/get_scouting_coverage?company_id=${companyId}&room_id=${roomId}`),
    () => coverage(db, companyId, now(), roomId, true), () => coverageBefore(db, companyId, now(), roomId, true));

  const grids = await obsRepo.roomGridIds(db, companyId, roomId);
  const page = { direction: 'desc' as const, limit: 51, offset: 0 };
  const roomFilter = { companyId, roomId, roomGridIds: grids };
  await measure('observations of a room (count + page)', () => api(`/get_problem_observations?company_id=${companyId}&room_id=${roomId}`),
    () => Promise.all([obsRepo.countObservations(db, roomFilter), obsRepo.listObservations(db, roomFilter, page)]),
    () => sql`SELECT count(*) FROM problem_observations WHERE company_id = ${companyId}
      AND (room_id = ${roomId} OR grid_id IN (SELECT grid_id FROM room_grid WHERE room_id = ${roomId}))`.execute(db));
  const names = await obsRepo.problemNamesContaining(db, companyId, 'mite');
  const miteFilter = { companyId, problem: 'mite', problemNames: names };
  await measure('observations matching "mite" (count + page)', () => api(`/get_problem_observations?company_id=${companyId}&problem=mite`),
    () => Promise.all([obsRepo.countObservations(db, miteFilter), obsRepo.listObservations(db, miteFilter, page)]),
    () => sql`SELECT count(*) FROM problem_observations WHERE company_id = ${companyId} AND problem ILIKE '%mite%'`.execute(db));
  // A deep page: offset 100,000 against the cursor of the row before it.
  const deep = Math.min(100_000, Math.floor(OBSERVATIONS / 2));
  const cursorRow = (await sql<{ at: string; id: number }>`SELECT observed_at::text AS at, observation_id AS id FROM problem_observations
    WHERE company_id = ${companyId} ORDER BY observed_at DESC, observation_id DESC OFFSET ${deep - 1} LIMIT 1`.execute(db)).rows[0]!;
  const cursor = Buffer.from(`${cursorRow.at}|${cursorRow.id}`).toString('base64url');
  const all = { companyId };
  await measure(`observations page at row ${deep.toLocaleString('en')} by cursor (before: by offset)`, () => api(`/get_problem_observations?company_id=${companyId}&cursor=${cursor}`),
    () => obsRepo.listObservations(db, all, { ...page, after: { at: cursorRow.at, id: String(cursorRow.id) } }),
    () => obsRepo.listObservations(db, all, { ...page, offset: deep }));

  const from = new Date(Date.now() - 800 * 86_400_000);
  const to = new Date(Date.now() + 86_400_000);
  await measure('batch dashboard', () => api(`/get_batch_dashboard?company_id=${companyId}&batch_id=${batchId}&start_date=${from.toISOString().slice(0, 10)}`),
    () => Promise.all([dashRepo.problemsPerWeek(db, companyId, batchId, from, to), dashRepo.responsesPerWeek(db, companyId, batchId, from, to), dashRepo.linkCounts(db, batchId)]),
    () => sql`SELECT to_char(date_trunc('week', o.observed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, o.problem, count(*)::int
      FROM problem_observations o WHERE o.company_id = ${companyId} AND o.status <> 'suspected' AND o.observed_at >= ${from} AND o.observed_at < ${to}
        AND (o.batch_id = ${batchId} OR o.grid_box_id IN (SELECT grid_box_id FROM gridbox_batches WHERE batch_id = ${batchId}))
      GROUP BY 1, 2`.execute(db));
  await measure('audit trail, first page with its capped total', () => api(`/get_audit_events?company_id=${companyId}`),
    () => Promise.all([auditRepo.listEvents(db, companyId, {}, 101, 0), auditRepo.countEvents(db, companyId, {})]),
    () => sql`SELECT count(*) FROM audit_events WHERE company_id = ${companyId}`.execute(db));

  // The whole facility's rooms list: the same answer plain and compressed.
  const sizes: string[] = [];
  for (const enc of ['identity', 'gzip', 'br']) {
    let got = { bytes: 0, encoding: '' };
    const t = await concurrent(async () => (got = await api(`/load_room_grids_boxes?company_id=${companyId}`, { 'accept-encoding': enc })), 3);
    sizes.push(`| rooms list, whole facility (${boxes.toLocaleString('en')} boxes), ${got.encoding} | ${(got.bytes / 1024).toFixed(0)} KB | p50 ${t.p50.toFixed(0)} ms, p95 ${t.p95.toFixed(0)} ms |`);
  }

  const ms = (x: { p50: number; p95: number }) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)}`;
  const table = [
    `| read (4 concurrent) | app p50 / p95 ms | bare SQL p50 / p95 ms | app p95 / bare p95 | statement replaced, p50 / p95 ms | answer | goal p95 < ${GOAL_MS} ms and ≤ 1.5× bare |`,
    '|:---|---:|---:|---:|---:|---:|:---|',
    ...rows.map((r) => `| ${r.read} | ${ms(r.app)} | ${ms(r.bare)} | ${(r.app.p95 / r.bare.p95).toFixed(2)}× | ${r.before ? ms(r.before) : '—'} | ${(r.bytes / 1024).toFixed(1)} KB | ${r.app.p95 < GOAL_MS && r.app.p95 <= 1.5 * r.bare.p95 ? 'met' : 'not met'} |`),
  ];
  const out = [
    `## Scale reads (issue 19) — ${new Date().toISOString().slice(0, 16)} UTC`,
    '',
    machineLine(),
    `- data: one company of ${ROOMS} rooms, ${boxes.toLocaleString('en')} boxes, ${OBSERVATIONS.toLocaleString('en')} observations and ${(OBSERVATIONS / 10).toLocaleString('en')} form responses over two years, 300 batches, 200,000 audit events, beside 20 empty companies; ${app.database.kind}; loaded in ${loadSeconds.toFixed(0)} s; ${os.cpus().length} cores`,
    `- ${CONCURRENCY} concurrent clients × ${ITERATIONS} calls per read (the replaced statement: × 2)`,
    '',
    ...table,
    '',
    '| rooms list | bytes | time (4 concurrent × 3) |',
    '|:---|---:|---:|',
    ...sizes,
  ].join('\n');
  console.info(out);
  writeResultsSection('scale-reads', out);
});
