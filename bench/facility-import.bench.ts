/**
 * Facility and observations import benchmark (issue 25, flat memory): a CSV of BENCH_ROWS boxes (default 100,000:
 * 4 new rooms of 10 grids of 50 × 50, every box named, with status and colour) uploaded over HTTP to
 * POST /api/import_jobs as an import job (kind facility) — first the preview (dry_run=1), then applied — and then a CSV of
 * as many observations in those boxes the same two ways (kind observations), each followed with GET /api/import_jobs until
 * done (the job runs past any one request's timeout: docs/decisions.md, "Import jobs"), while the process's memory is sampled every 20 ms;
 * beside a bare `COPY … FROM STDIN` of the same CSV lines into a table of the same columns, in the same run.
 * Goals: each applied import < 60 s with peak RSS growth < 150 MB (the app runs in this process; the file itself,
 * held by the client and the server's upload, counts in). The imports are planned and written in chunks of 1,000 lines
 * (modules/facility_transfer/facility-transfer.plan.ts). Env: DATABASE_URL (a PostgreSQL server; a fresh database is
 * made there; psql on the PATH for the COPY). Run with node --expose-gc (the npm script does) so each phase starts collected
 * and the heap kept by an import is read after a full collection at each progress ask (those collections are in its time).
 */
import { spawn } from 'node:child_process';
import { FACILITY_CSV_COLUMNS, OBSERVATION_CSV_COLUMNS } from '@verdant/contract';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { runBenchApp } from './lib/bench-app.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SIDE = 50;
const GRIDS_PER_ROOM = 10;
const GOAL_SECONDS = 60;
const GOAL_MB = 150;

/** Runs `psql -c sql` with `input` on stdin; answers when it is done. */
function psql(url: string, sqlText: string, input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sqlText], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}: ${err}`))));
    child.stdin.end(input ?? '');
  });
}

/** The facility file: ROWS boxes in rooms of GRIDS_PER_ROOM grids of SIDE × SIDE. */
function facilityCsv(): string {
  const lines = [FACILITY_CSV_COLUMNS.join(',')];
  const perGrid = SIDE * SIDE;
  for (let i = 0; i < ROWS; i++) {
    const g = Math.floor(i / perGrid);
    const at = i % perGrid;
    const room = `Bench hall ${Math.floor(g / GRIDS_PER_ROOM) + 1}`;
    lines.push(`${room},Table ${(g % GRIDS_PER_ROOM) + 1},${SIDE},${SIDE},${(at % SIDE) + 1},${Math.floor(at / SIDE) + 1},Plant ${i + 1},Vegetative,#${(i % 0xffffff).toString(16).padStart(6, '0').toUpperCase()}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const PROBLEMS = ['Western flower thrips', 'Powdery mildew', 'Spider mites', 'Aphids', 'Botrytis'];

/** The observations file: one observation in each box of the facility file, a minute apart. */
function observationsCsv(): string {
  const lines = [OBSERVATION_CSV_COLUMNS.join(',')];
  const perGrid = SIDE * SIDE;
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    const g = Math.floor(i / perGrid);
    const at = i % perGrid;
    const room = `Bench hall ${Math.floor(g / GRIDS_PER_ROOM) + 1}`;
    const when = new Date(start + i * 60_000).toISOString();
    lines.push(`${room},Table ${(g % GRIDS_PER_ROOM) + 1},${(at % SIDE) + 1},${Math.floor(at / SIDE) + 1},${PROBLEMS[i % PROBLEMS.length]},${(i % 5) + 1},${i % 7 === 0 ? 'resolved' : 'open'},Seen on round ${i % 13},${when}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface Measured {
  seconds: number;
  /** Until the job was answered (the only part inside one request). */
  uploadSeconds: number;
  /** Progress asks made while it ran. */
  asks: number;
  peakGrowthMb: number;
  heapPeakMb: number;
  /** Heap still reachable after a full collection at each progress ask, at its highest: what the import keeps. */
  liveHeapMb: number;
  answer: Record<string, unknown>;
}

/**
 * Uploads the file as an import job (POST /api/import_jobs) and asks for it (GET /api/import_jobs) every 500 ms until
 * it is over, while sampling RSS and heap every 20 ms: the time is from the upload to the job's end, as a user waits.
 */
async function timedImport(address: string, auth: Record<string, string>, companyId: number, csv: string, kind: 'facility' | 'observations', dryRun: boolean): Promise<Measured> {
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
  try {
    const form = new FormData();
    form.append('company_id', String(companyId));
    form.append('kind', kind);
    if (dryRun) form.append('dry_run', '1');
    form.append('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
    const res = await fetch(`${address}/api/import_jobs`, { method: 'POST', headers: { ...auth, 'idempotency-key': `bench-${kind}-${dryRun}-${Date.now()}` }, body: form });
    const first = (await res.json()) as { job: { job_id: number; status: string } };
    if (res.status !== 200) throw new Error(`POST /import_jobs answered ${res.status}: ${JSON.stringify(first).slice(0, 500)}`);
    const uploadSeconds = (performance.now() - started) / 1000;
    let job: Record<string, unknown> & { status: string; rows_done: number; rows_total: number; error: string | null } = first.job as never;
    let asks = 0;
    let live = 0;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 500));
      // A full collection: what is left is what the import holds (garbage waiting for the collector is not).
      global.gc?.();
      live = Math.max(live, process.memoryUsage().heapUsed - base.heapUsed);
      const asked = await fetch(`${address}/api/import_jobs?company_id=${companyId}&job_id=${first.job.job_id}`, { headers: auth });
      job = ((await asked.json()) as { job: typeof job }).job;
      asks++;
    }
    if (job.status !== 'done') throw new Error(`import job ${first.job.job_id} ${job.status}: ${job.error}`);
    const answer = job[kind] as Record<string, unknown>;
    return { seconds: (performance.now() - started) / 1000, uploadSeconds, asks, peakGrowthMb: (Math.max(peak, process.memoryUsage().rss) - base.rss) / 1048576, heapPeakMb: (heap - base.heapUsed) / 1048576, liveHeapMb: live / 1048576, answer };
  } finally {
    clearInterval(sampler);
  }
}

runBenchApp('facility-import', async ({ app, db }) => {
  if (db.target.kind !== 'postgres') throw new Error('bench:facility-import needs DATABASE_URL (the bare side is a COPY through psql)');
  const url = db.target.url;
  const companyId = await makeCompany(app, 'Bench Import Greenhouse');
  const admin = await makeUser(app, companyId, 'Admin');
  const facility = facilityCsv();
  const observations = observationsCsv();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.info(`database: ${db.label}; ${ROWS.toLocaleString('en-US')} rows: facility CSV ${(facility.length / 1048576).toFixed(1)} MB, observations CSV ${(observations.length / 1048576).toFixed(1)} MB\n`);

  const facilityPreview = await timedImport(address, admin.auth, companyId, facility, 'facility', true);
  const facilityApply = await timedImport(address, admin.auth, companyId, facility, 'facility', false);
  const obsPreview = await timedImport(address, admin.auth, companyId, observations, 'observations', true);
  const obsApply = await timedImport(address, admin.auth, companyId, observations, 'observations', false);
  const written = (facilityApply.answer.import as { boxes_written: number }).boxes_written;
  const created = (obsApply.answer.import as { created: number }).created;
  if (written !== ROWS || created !== ROWS) throw new Error(`expected ${ROWS} rows written, got ${written} boxes and ${created} observations`);

  // The bare side: the same CSV lines copied into tables of the same columns (no planning, no checks, no undo record).
  await psql(url, 'CREATE TABLE bench_copy_boxes (room text, grid text, columns int, rows int, col int, row int, box_name text, status text, color text)');
  await psql(url, 'CREATE TABLE bench_copy_observations (room text, grid text, col int, row int, problem text, severity float8, status text, notes text, observed_at timestamptz)');
  const bare = async (table: string, csv: string) => {
    const started = performance.now();
    await psql(url, `COPY ${table} FROM STDIN (FORMAT csv, HEADER true)`, csv);
    return (performance.now() - started) / 1000;
  };
  const bareBoxes = await bare('bench_copy_boxes', facility);
  const bareObservations = await bare('bench_copy_observations', observations);

  const grids = Math.ceil(ROWS / (SIDE * SIDE));
  const n = ROWS.toLocaleString('en-US');
  const rows = [
    ['facility CSV, preview (dry_run=1)', facilityPreview, null],
    [`facility CSV, applied (${Math.ceil(grids / GRIDS_PER_ROOM)} rooms, ${grids} grids, ${n} boxes written)`, facilityApply, bareBoxes],
    ['observations CSV, preview (dry_run=1)', obsPreview, null],
    [`observations CSV, applied (${n} created)`, obsApply, bareObservations],
  ] as const;
  for (const [label, m, b] of rows) {
    console.info(`${label.padEnd(66)} ${m.seconds.toFixed(2).padStart(6)} s (upload answered in ${m.uploadSeconds.toFixed(2)} s, ${m.asks} progress asks)  RSS peak growth ${m.peakGrowthMb.toFixed(1)} MB, heap peak ${m.heapPeakMb.toFixed(1)} MB, live heap ${m.liveHeapMb.toFixed(1)} MB${b === null ? '' : `  (bare COPY ${b.toFixed(2)} s)`}`);
  }
  const met = [facilityApply, obsApply, facilityPreview, obsPreview].every((m) => m.seconds < GOAL_SECONDS && m.peakGrowthMb < GOAL_MB);
  console.info(`\ngoal: < ${GOAL_SECONDS} s and < ${GOAL_MB} MB RSS growth per import: ${met ? 'met' : 'NOT met'}`);
  writeResultsSection('facility-import', [
    '## Facility and observations import (issue 25)',
    '',
    `Written by \`DATABASE_URL=postgres://… npm run bench:facility-import -w @verdant/bench\` (bench/facility-import.bench.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- data: ${ROWS.toLocaleString('en-US')} boxes (facility CSV ${(facility.length / 1048576).toFixed(1)} MB), then ${ROWS.toLocaleString('en-US')} observations in them (CSV ${(observations.length / 1048576).toFixed(1)} MB), uploaded over HTTP`,
    `- goal: each import < ${GOAL_SECONDS} s with peak RSS growth < ${GOAL_MB} MB (the app runs in the bench process): ${met ? 'met' : 'NOT met'}`,
    '',
    '| import (a job: upload, then progress asks every 500 ms until done) | s to done | s until the upload was answered | RSS peak growth MB | heap peak growth MB | live heap growth MB (after a full GC at each ask) | bare COPY of the same lines, s |',
    '|:---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(([label, m, b]) => `| ${label} | ${m.seconds.toFixed(2)} | ${m.uploadSeconds.toFixed(2)} | ${m.peakGrowthMb.toFixed(1)} | ${m.heapPeakMb.toFixed(1)} | ${m.liveHeapMb.toFixed(1)} | ${b === null ? '—' : b.toFixed(2)} |`),
  ].join('\n'));
});
