import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import {
  assignStatusToBatches,
  createBatch,
  deleteBatch,
  getBatchQrInfo,
  getBatchQrUrl,
  getBatches,
  getRoomsByBatch,
  harvestBatch,
  linkGridboxBatch,
  downloadBatchQr,
} from '../batches';
import { createBatchProblem } from '../batch-problems';
import { createTray, getAllTrays, updateTray } from '../trays';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('batch client rules', () => {
  it('returns [] without a company and throws the spec text when the list fails', async () => {
    expect(await getBatches(null)).toEqual([]);
    signInAs();
    server.use(http.get(`${API}/get_batches`, () => HttpResponse.json({ status: 'error', message: 'boom' }, { status: 500 })));
    await expect(getBatches(3)).rejects.toThrow('Failed to fetch batches');
  });

  it('QR and info calls answer null when an id is missing, without a request', async () => {
    expect(await getBatchQrUrl(null, 3)).toBeNull();
    expect(await getBatchQrUrl(1, null)).toBeNull();
    expect(await getBatchQrInfo(undefined, 3)).toBeNull();
    expect(await downloadBatchQr(1, undefined)).toBeNull();
  });

  it("needs batch_id for rooms by batch and falls back to 'Failed to fetch rooms by batch.'", async () => {
    await expect(getRoomsByBatch(null)).rejects.toThrow('batch_id is required.');
    signInAs();
    server.use(http.get(`${API}/get_rooms_by_batch`, () => HttpResponse.error()));
    await expect(getRoomsByBatch(1)).rejects.toThrow('Failed to fetch rooms by batch.');
  });

  it('create and link-by-box return null on failure; linking needs ids', async () => {
    signInAs();
    server.use(
      http.post(`${API}/create_batch`, () => HttpResponse.json({ status: 'error', message: 'taken' }, { status: 409 })),
      http.post(`${API}/link_gridbox_batch`, () => HttpResponse.json({ status: 'error', message: 'no' }, { status: 409 })),
    );
    const fields = { BatchNumber: 'B', NumberOfPlants: 1, StrainName: '', BatchStatus: 'Planned', Color: null, PreBooks: 0, StartDate: null, EndDate: null };
    expect(await createBatch(3, fields)).toBeNull();
    expect(await linkGridboxBatch(1, [])).toBeNull();
    expect(await linkGridboxBatch(1, [5])).toBeNull();
  });

  it("delete answers status 'error' with the server message or 'Unknown error'", async () => {
    signInAs();
    server.use(http.delete(`${API}/delete_batches`, () => HttpResponse.json({ status: 'error', message: 'Not yours' }, { status: 404 })));
    expect(await deleteBatch(3, 1)).toEqual({ status: 'error', message: 'Not yours' });
    server.use(http.delete(`${API}/delete_batches`, () => HttpResponse.error()));
    expect(await deleteBatch(3, 1)).toEqual({ status: 'error', message: 'Unknown error' });
  });

  it("harvest falls back to 'Failed to Harvest Batch' and keeps the server's 409 text", async () => {
    signInAs();
    server.use(http.post(`${API}/harvest_batch`, () => HttpResponse.error()));
    await expect(harvestBatch({ batchId: 1, companyId: 3, userId: 7 })).rejects.toThrow('Failed to Harvest Batch');
    server.use(http.post(`${API}/harvest_batch`, () => HttpResponse.json({ status: 'error', message: 'Already harvested.' }, { status: 409 })));
    await expect(harvestBatch({ batchId: 1, companyId: 3, userId: 7 })).rejects.toThrow('Already harvested.');
  });

  it('assigning a status needs company, status and ids', async () => {
    await expect(assignStatusToBatches(3, 'Ready', [])).rejects.toThrow();
    await expect(assignStatusToBatches(null, 'Ready', [1])).rejects.toThrow();
    await expect(assignStatusToBatches(3, '', [1])).rejects.toThrow();
  });
});

describe('batch problems and trays', () => {
  it('refuses a missing field or a non-finite severity with the spec sentence; notes only when not blank', async () => {
    const msg = 'Missing required fields: batch_id, problem_type, severity, company_id, user_id';
    await expect(createBatchProblem({ batchId: 1, problemType: 'Aphids', severity: Number.NaN, companyId: 3, userId: 7 })).rejects.toThrow(msg);
    await expect(createBatchProblem({ batchId: 1, problemType: ' ', severity: 2, companyId: 3, userId: 7 })).rejects.toThrow(msg);
    signInAs();
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`${API}/create_batch_problem`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 'success', message: 'ok', ProblemIDs: [], problems: [] });
      }),
    );
    await createBatchProblem({ batchId: 1, problemType: 'Aphids', severity: 0, companyId: 3, userId: 7, notes: '   ' });
    expect(body).toEqual({ batch_id: 1, problem_type: 'Aphids', severity: 0, company_id: 3, user_id: 7 });
  });

  it('trims tray names, needs plants > 0 and uses the tray fallback texts', async () => {
    await expect(createTray({ trayName: '  ', companyId: 3, userId: 7, numberOfPlants: 5 })).rejects.toThrow();
    await expect(createTray({ trayName: 'T', companyId: 3, userId: 7, numberOfPlants: 0 })).rejects.toThrow();
    await expect(updateTray({ trayId: 1, companyId: 3, numberOfPlants: -1 })).rejects.toThrow();
    signInAs();
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`${API}/create_tray`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.error();
      }),
      http.get(`${API}/get_all_trays`, () => HttpResponse.error()),
    );
    await expect(createTray({ trayName: '  T1 ', companyId: 3, userId: 7, numberOfPlants: 5 })).rejects.toThrow('Failed to create tray');
    expect(body).toEqual({ tray_name: 'T1', company_id: 3, user_id: 7, number_of_plants: 5 });
    await expect(getAllTrays(3)).rejects.toThrow('Failed to fetch trays');
  });
});
