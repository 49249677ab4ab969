import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { db } from '../../offline/db';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { setOnline } from '../../testing/room-fixtures';
import { clearSession } from '../../lib/session';
import { ErrorState } from '../../components/ui';
import { isNotAvailableOffline, NotAvailableOfflineError, offlineImage, offlineRead, savesSettled } from '../offline-read';
import { batchesQuery, batchKeys, roomBatchesQuery } from '../queries/batches';
import { offlineModeQuery } from '../queries/company-settings';
import { BATCH } from './offline-fixtures';
import { loadRoomGridsBoxes } from '../rooms';
import { loadFormTemplates } from '../form-templates';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let restoreOnline: (() => void) | null = null;
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  signInAs({ companyId: 3, userId: 7 });
});
afterEach(() => {
  restoreOnline?.();
  restoreOnline = null;
  vi.restoreAllMocks();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function batchesApi() {
  let asked = 0;
  server.use(
    http.get(`${API}/get_batches`, () => {
      asked++;
      return HttpResponse.json([BATCH]);
    }),
  );
  return { asked: () => asked };
}

describe('offline-capable reads', () => {
  it('stores an online answer and gives it back offline without a request', async () => {
    const api = batchesApi();
    expect(await client().fetchQuery(batchesQuery(3))).toEqual([BATCH]);
    expect(api.asked()).toBe(1);
    await savesSettled();

    restoreOnline = setOnline(false);
    expect(await client().fetchQuery(batchesQuery(3))).toEqual([BATCH]);
    expect(api.asked()).toBe(1);
  });

  it('offline without a copy: "not available offline yet", translated, and no request', async () => {
    const api = batchesApi();
    restoreOnline = setOnline(false);
    const err = await client().fetchQuery(batchesQuery(3)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotAvailableOfflineError);
    expect(isNotAvailableOffline(err)).toBe(true);
    expect((err as Error).message).toMatch(/not been saved on this device yet/);
    expect(api.asked()).toBe(0);

    render(<ErrorState error={err} onRetry={() => {}} />);
    expect(screen.getByText('Not available offline yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a request that gets no answer (the connection just dropped) falls back to the copy', async () => {
    batchesApi();
    await client().fetchQuery(batchesQuery(3));
    await savesSettled();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${API}/get_batches`, () => HttpResponse.error()));
    expect(await client().fetchQuery(batchesQuery(3))).toEqual([BATCH]);
    error.mockRestore();
  });

  it("a refusal from the server is not hidden behind the copy", async () => {
    batchesApi();
    await client().fetchQuery(batchesQuery(3));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${API}/get_company_offline_mode`, () => HttpResponse.json({ status: 'error', message: 'Missing companyID' }, { status: 400 })));
    await expect(client().fetchQuery(offlineModeQuery(3))).rejects.toThrow('Missing companyID');
  });

  it("the spec's null-on-failure reads keep the copy when the call fails", async () => {
    server.use(http.get(`${API}/get_batches_by_room`, () => HttpResponse.json({ status: 'success', room_id: 11, batches: [BATCH] })));
    expect(await client().fetchQuery(roomBatchesQuery(3, 11))).toEqual([BATCH]);
    await savesSettled();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${API}/get_batches_by_room`, () => HttpResponse.json({ status: 'error', message: 'down' }, { status: 500 })));
    expect(await client().fetchQuery(roomBatchesQuery(3, 11))).toEqual([BATCH]);
  });

  it('copies are per company, and an answer arriving after sign-out is not kept', async () => {
    await offlineRead(3, batchKeys.lists(3), async () => [BATCH]);
    await savesSettled();
    restoreOnline = setOnline(false);
    await expect(offlineRead(4, batchKeys.lists(3), async () => [])).rejects.toBeInstanceOf(NotAvailableOfflineError);
    restoreOnline();
    restoreOnline = null;

    await db.cachedAnswers.clear();
    clearSession();
    expect(await offlineRead(3, batchKeys.lists(3), async () => [BATCH])).toEqual([BATCH]);
    await savesSettled();
    expect(await db.cachedAnswers.count()).toBe(0);
  });

  it('offline, a device never prepared says rooms and forms are not saved yet, not "no rooms"', async () => {
    restoreOnline = setOnline(false);
    await expect(loadRoomGridsBoxes(3)).rejects.toBeInstanceOf(NotAvailableOfflineError);
    await expect(loadFormTemplates(3)).rejects.toBeInstanceOf(NotAvailableOfflineError);
    // Once a fill has completed, an empty list is the company's real answer.
    await db.offlineReadiness.put({ companyId: 3, userId: 7, state: 'ready', done: 1, total: 1, doneSteps: [], startedAt: 1, readyAt: 2, failedSteps: [] });
    expect(await loadRoomGridsBoxes(3)).toEqual({ rooms: [], fromCache: true });
    expect(await loadFormTemplates(3)).toEqual({ templates: [], fromCache: true });
  });

  it('keeps images it showed once for offline use', async () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    const { installBlobCloning } = await import('../../offline/__tests__/browser-emulation');
    const restore = installBlobCloning();
    try {
      expect(await offlineImage(3, 'k/thumb.png', async () => blob)).toBe(blob);
      await savesSettled();
      restoreOnline = setOnline(false);
      const fetch = vi.fn(async () => blob);
      expect(await (await offlineImage(3, 'k/thumb.png', fetch)).text()).toBe('png');
      expect(fetch).not.toHaveBeenCalled();
      await expect(offlineImage(3, 'k/other.png', fetch)).rejects.toBeInstanceOf(NotAvailableOfflineError);
    } finally {
      restore();
    }
  });
});
