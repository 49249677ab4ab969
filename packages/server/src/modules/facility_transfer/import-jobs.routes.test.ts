import { describe, expect, it } from 'vitest';
import { FACILITY_CSV_COLUMNS, OBSERVATION_CSV_COLUMNS, facilityRefusals as refusal, facilityTransferMessages as msg, importJobMessages, type ImportJob } from '@verdant/contract';
import { facilityTree, importRequest } from '../../test/fixtures/facility-transfer.test-kit.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { IMPORT_CHUNK } from './facility-transfer.plan.js';
import { failJob, insertJob, markRunning, recordProgress } from './import-jobs.repository.js';
import { importJobsSettled, progressOnRow, resumeImportJobs } from './import-jobs.service.js';

// A room holds at most 3,000 boxes here, so a file naming two 50 × 50 grids in one room fails when applied.
useTwoTenants({ boxLimits: { perCompany: 1_000_000, perRoom: 3000 } });

type Auth = Record<string, string>;
const HEADER = FACILITY_CSV_COLUMNS.join(',');
const unique = () => Math.random().toString(36).slice(2, 7);

function start(tenant: Tenant, kind: 'facility' | 'observations', text: string, dryRun: boolean, opts: { auth?: Auth; key?: string; companyId?: number; name?: string } = {}) {
  const form = new FormData();
  form.append('company_id', String(opts.companyId ?? tenant.companyId));
  form.append('kind', kind);
  if (dryRun) form.append('dry_run', '1');
  form.append('file', new Blob([text]), opts.name ?? `${kind}.csv`);
  const headers = { ...(opts.auth ?? tenant.admin.auth), ...(opts.key ? { 'idempotency-key': opts.key } : {}) };
  return t.app.inject({ method: 'POST', url: '/api/import_jobs', headers, payload: form });
}
const ask = (tenant: Tenant, jobId?: number, auth: Auth = tenant.admin.auth) =>
  t.app.inject({ method: 'GET', url: `/api/import_jobs?company_id=${tenant.companyId}${jobId === undefined ? '' : `&job_id=${jobId}`}`, headers: auth });

/** Starts a job and answers it once it is over (the jobs of this process settled: no waiting on a clock). */
async function run(tenant: Tenant, kind: 'facility' | 'observations', text: string, dryRun: boolean): Promise<ImportJob> {
  const started = await start(tenant, kind, text, dryRun);
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json()).toMatchObject({ message: importJobMessages.started, job: { kind, dry_run: dryRun, rows_total: text.trim().split('\n').length - 1 } });
  await importJobsSettled(t.app.db);
  const res = await ask(tenant, started.json().job.job_id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().job;
}

describe('an import run as a job', () => {
  it('previews without writing, applies what it previewed across chunks with n of N lines, and the whole import undoes', async () => {
    const room = `Job ${unique()}`;
    const lines = [HEADER];
    for (let y = 1; y <= 30; y++) for (let x = 1; x <= 50; x++) lines.push(`${room},G,50,30,${x},${y},,S${(x + y) % 3},`);
    lines.push(`${room},G,50,30,1,1,,Again,`);
    lines.push(`${room},G,50,30,0,1,,,`);
    const file = lines.join('\n');
    expect(lines.length - 1).toBeGreaterThan(IMPORT_CHUNK);
    const before = await facilityTree(t.app, a.companyId);

    const preview = await run(a, 'facility', file, true);
    expect(preview).toMatchObject({ status: 'done', rows_done: 1502, rows_total: 1502, error: null, observations: null, facility: { import: null } });
    const sync = (await t.app.inject(importRequest(a.companyId, a.admin.auth, file, 'facility.csv', true))).json().preview;
    expect(preview.facility!.preview).toEqual(sync);
    expect(sync.refuse.map((r: { line: number }) => r.line)).toEqual([1502, 1503]);
    expect(sync.refuse[0].reason).toBe(refusal.sameBox(2));
    expect(await facilityTree(t.app, a.companyId)).toEqual(before);

    const applied = await run(a, 'facility', file, false);
    expect(applied).toMatchObject({ status: 'done', rows_done: 1502, facility: { preview: { refused: 2 }, import: { rooms_created: 1, grids_created: 1, boxes_written: 1500 } } });
    expect((await facilityTree(t.app, a.companyId)).filter((l) => l.startsWith(`${room}|`))).toHaveLength(1500);
    const undone = await t.app.inject({ method: 'POST', url: '/api/facility/import/undo', headers: a.admin.auth, payload: { company_id: a.companyId, import_id: applied.facility!.import!.import_id } });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await facilityTree(t.app, a.companyId)).toEqual(before);
  });

  it('imports observations as a job', async () => {
    const room = `Obs job ${unique()}`;
    await run(a, 'facility', `${HEADER}\n${room},G,2,1,1,1,,,\n${room},G,2,1,2,1,,,`, false);
    const obs = [OBSERVATION_CSV_COLUMNS.join(','), `${room},G,1,1,Aphids,2,open,,2026-01-05T10:00:00Z`, `${room},G,3,1,Aphids,2,open,,2026-01-05T10:00:00Z`].join('\n');
    const job = await run(a, 'observations', obs, false);
    expect(job).toMatchObject({ status: 'done', facility: null, observations: { preview: { create: 1, refused: 1 }, import: { created: 1 } } });
  });

  it('answers the same job for a request sent twice with one Idempotency-Key, and imports it once', async () => {
    const room = `Twice ${unique()}`;
    const file = `${HEADER}\n${room},G,1,1,1,1,,,`;
    const key = `job-${unique()}`;
    const first = await start(a, 'facility', file, false, { key });
    const second = await start(a, 'facility', file, false, { key });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().job.job_id).toBe(first.json().job.job_id);
    await importJobsSettled(t.app.db);
    expect((await facilityTree(t.app, a.companyId)).filter((l) => l.startsWith(`${room}|`))).toHaveLength(1);
    const latest = await ask(a);
    expect(latest.json().job).toMatchObject({ job_id: first.json().job.job_id, status: 'done' });
  });

  it('fails as a whole when a write is refused midway: nothing written, the reason kept', async () => {
    const room = `Too big ${unique()}`;
    const lines = [HEADER, `${room},Small,1,1,1,1,,,`];
    for (let i = 0; i < 2; i++) lines.push(`${room},Huge${i},50,50,1,1,,,`);
    const before = await facilityTree(t.app, a.companyId);
    const job = await run(a, 'facility', lines.join('\n'), false);
    expect(job.status).toBe('failed');
    expect(job.error).toBeTruthy();
    expect(job.facility).toBeNull();
    expect(await facilityTree(t.app, a.companyId)).toEqual(before);
  });

  it('runs again a job a stopped process left, once', async () => {
    const room = `Left ${unique()}`;
    const text = `${HEADER}\n${room},G,1,1,1,1,,Left,\n`;
    const fileKey = `company-${a.companyId}/imports/left-${unique()}`;
    await t.app.files.put(fileKey, Buffer.from(text), 'text/csv');
    const row = await insertJob(t.app.db, { companyId: a.companyId, userId: a.admin.user_id, userRole: 'Admin', kind: 'facility', dryRun: false, fileName: 'left.csv', fileKey, rowsTotal: 1 });
    await t.app.db.updateTable('import_jobs').set({ status: 'running' }).where('job_id', '=', row.job_id).execute();
    await resumeImportJobs(t.app);
    await resumeImportJobs(t.app);
    await importJobsSettled(t.app.db);
    expect((await ask(a, row.job_id)).json().job).toMatchObject({ status: 'done', facility: { import: { boxes_written: 1 } } });
    expect((await facilityTree(t.app, a.companyId)).filter((l) => l.startsWith(`${room}|`))).toEqual([`${room}|G|1x1|1,1||Left|`]);
    expect(await t.app.files.exists(fileKey)).toBe(false);
  });
});

describe('progress another process can see', () => {
  it('answers the lines a running job wrote on its row when the job runs elsewhere: never backwards, the total once done', async () => {
    const row = await insertJob(t.app.db, { companyId: a.companyId, userId: a.admin.user_id, userRole: 'Admin', kind: 'facility', dryRun: false, fileName: 'elsewhere.csv', fileKey: 'none', rowsTotal: 2000 });
    try {
      await recordProgress(t.app.db, a.companyId, row.job_id, 300);
      expect((await ask(a, row.job_id)).json().job).toMatchObject({ status: 'queued', rows_done: 0 }); // not running yet: nothing written
      await markRunning(t.app.db, a.companyId, row.job_id);
      await recordProgress(t.app.db, a.companyId, row.job_id, 800);
      await recordProgress(t.app.db, a.companyId, row.job_id, 500); // a late write of an older count
      expect((await ask(a, row.job_id)).json().job).toMatchObject({ status: 'running', rows_done: 800, rows_total: 2000 });
      await recordProgress(t.app.db, b.companyId, row.job_id, 1500); // another company's id names nothing
      expect((await ask(a)).json().job).toMatchObject({ job_id: row.job_id, rows_done: 800 });
    } finally {
      await failJob(t.app.db, a.companyId, row.job_id, 'test over');
    }
    expect((await ask(a, row.job_id)).json().job).toMatchObject({ status: 'failed', rows_done: 800 });
  });

  it('writes a job’s progress on its row on a database server (the embedded database has one process)', async () => {
    const room = `Progress ${unique()}`;
    const lines = [HEADER];
    for (let y = 1; y <= 30; y++) for (let x = 1; x <= 50; x++) lines.push(`${room},G,50,30,${x},${y},,,`);
    const job = await run(a, 'facility', lines.join('\n'), false);
    expect(job).toMatchObject({ status: 'done', rows_done: 1500 });
    const stored = await t.app.db.selectFrom('import_jobs').select('rows_done').where('company_id', '=', a.companyId).where('job_id', '=', job.job_id).executeTakeFirstOrThrow();
    if (t.app.database.kind === 'postgres') {
      expect(stored.rows_done).toBeGreaterThan(0);
      expect(stored.rows_done).toBeLessThanOrEqual(1500);
    } else expect(stored.rows_done).toBe(0);
  });

  it('writes at most once an interval, one write at a time, the newest count, and only logs a failed write', async () => {
    const writes: number[] = [];
    const errors: unknown[] = [];
    let release = () => {};
    const writer = progressOnRow((n) => {
      writes.push(n);
      return n === 3 ? Promise.reject(new Error('connection lost')) : new Promise<void>((resolve) => (release = resolve));
    }, (err) => errors.push(err), 0);
    writer.note(1);
    writer.note(2); // the first is still on its way
    release();
    await writer.idle();
    writer.note(3);
    await writer.idle();
    writer.note(4);
    release();
    await writer.idle();
    expect(writes).toEqual([1, 3, 4]);
    expect(errors).toHaveLength(1);
    const slow = progressOnRow(async (n) => void writes.push(n), () => {}, 60_000);
    slow.note(10);
    await slow.idle();
    slow.note(11);
    expect(writes.slice(3)).toEqual([10]);
  });
});

describe('refusals', () => {
  it('refuses a file it cannot read before any job (400 naming file), and a kind it does not know', async () => {
    const missing = await start(a, 'facility', 'room,grid\nA,B', false);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: msg.missingColumns(['columns', 'rows', 'column', 'row', 'box_name', 'status', 'color']) });
    const kind = await start(a, 'rooms' as 'facility', `${HEADER}\n`, false);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toContain('kind');
  });

  it("answers 404 for another company's job, 403 for another company or a Regular user", async () => {
    const started = await start(a, 'facility', `${HEADER}\nTenancy ${unique()},G,1,1,1,1,,,`, true);
    await importJobsSettled(t.app.db);
    const jobId = started.json().job.job_id as number;
    expect((await ask(b, jobId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/import_jobs?company_id=${a.companyId}&job_id=${jobId}`, headers: b.admin.auth })).statusCode).toBe(403);
    expect((await ask(a, jobId, a.regular.auth)).statusCode).toBe(403);
    expect((await start(a, 'facility', `${HEADER}\n`, true, { auth: a.regular.auth })).statusCode).toBe(403);
    expect((await start(a, 'facility', `${HEADER}\n`, true, { auth: b.admin.auth })).statusCode).toBe(403);
    expect((await ask(b)).json().job).toBeNull();
  });
});
