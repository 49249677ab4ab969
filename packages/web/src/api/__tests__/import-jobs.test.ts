import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { ImportJob } from '@verdant/contract';
import { followImportJob, startImportJob } from '../import-jobs';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => signInAs({ role: 'Admin' }));

const T = '2026-01-05T08:00:00.000Z';
const job = (over: Partial<ImportJob> = {}): ImportJob => ({
  job_id: 7, kind: 'facility', dry_run: false, file_name: 'f.csv', status: 'running', rows_done: 0, rows_total: 3000, error: null,
  created_at: T, finished_at: null, facility: null, observations: null, ...over,
});

describe('import jobs over a connection that drops', () => {
  it('sends the upload again with the same Idempotency-Key when the first try gets no answer', async () => {
    const keys: string[] = [];
    server.use(
      http.post(`${API}/import_jobs`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        return keys.length === 1 ? HttpResponse.error() : HttpResponse.json({ status: 'success', message: 'started', job: job() });
      }),
    );
    const started = await startImportJob({ company_id: 3, kind: 'facility', file: new File(['x'], 'f.csv'), dry_run: 0 });
    expect(started.job_id).toBe(7);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps asking for progress through failed asks, reports n of N, and answers the finished job', async () => {
    let asks = 0;
    server.use(
      http.get(`${API}/import_jobs`, () => {
        asks++;
        if (asks === 2) return HttpResponse.error();
        return HttpResponse.json({ status: 'success', job: asks < 3 ? job({ rows_done: 1000 }) : job({ status: 'done', rows_done: 3000, finished_at: T }) });
      }),
    );
    const seen: number[] = [];
    const done = await followImportJob(3, job(), (j) => seen.push(j.rows_done), 1);
    expect(done.status).toBe('done');
    expect(seen).toEqual([0, 1000, 3000]);
    expect(asks).toBe(3);
  });

  it("rejects with the server's reason when the job failed (nothing was written)", async () => {
    server.use(http.get(`${API}/import_jobs`, () => HttpResponse.json({ status: 'success', job: job({ status: 'failed', error: 'Room "Hall" would hold 5,000 boxes.' }) })));
    await expect(followImportJob(3, job(), () => {}, 1)).rejects.toThrow('Room "Hall" would hold 5,000 boxes.');
  });
});
