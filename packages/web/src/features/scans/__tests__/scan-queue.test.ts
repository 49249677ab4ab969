import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createHttpClient } from '../../../api/http-client';
import { createActionQueue, queueAction, type ActionQueue } from '../../../api/action-queue';
import { queueScan, queuedScanOf, watchQueuedScans, type QueuedScan, type ScanToSend } from '../../../api/scan-queue';
import { ActionQueueDatabase } from '../../../offline/action-queue-store';
import { installBlobCloning, installWebLocks } from '../../../offline/__tests__/browser-emulation';
import { server } from '../../../testing/msw-server';
import { setOnline } from '../../../testing/room-fixtures';
import { makeScan } from './scan-fixtures';

const restore: Array<() => void> = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  restore.push(installWebLocks(), installBlobCloning());
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  for (const undo of restore) undo();
});

let n = 0;
let database: ActionQueueDatabase;
let queue: ActionQueue;
let clock = Date.parse('2026-11-25T08:00:00.000Z');

beforeEach(() => {
  database = new ActionQueueDatabase(`scan-queue-test-${++n}`);
  queue = createActionQueue({ database, client: createHttpClient({ baseURL: '/api' }), lockName: `scan-lock-${n}`, now: () => clock });
});
afterEach(async () => {
  database.close();
  await database.delete();
});

const photo = (name: string) => new File([new Uint8Array([137, 80, 78, 71, n])], name, { type: 'image/png' });
const analysis = JSON.stringify({ format: 'verdant-device-analysis/1', engine: 'verdant-vision', engine_version: '1.0.0', photos: [] });

function scanInput(extra: Partial<ScanToSend> = {}): ScanToSend {
  return {
    company_id: 3,
    scan_type: 'box',
    room_id: 11,
    grid_id: 21,
    grid_box_id: 2_100_002,
    images: [photo('leaf-1.png'), photo('leaf-2.png')],
    captured_at: '2026-11-25T07:55:00.000Z',
    client_analysis: analysis,
    ...extra,
  };
}

interface Received {
  key: string | null;
  images: string[];
  fields: Record<string, string>;
}

/**
 * /create_scan as the server answers it: a request with a key already applied is answered with its first
 * answer and files nothing new. `plan` decides each request: applied and answered, applied with its answer
 * lost on the way back, refused, or the server unwell.
 */
function scanServer(plan: (attempt: number) => 'ok' | 'lost' | 'refuse' | 'busy' = () => 'ok') {
  const received: Received[] = [];
  const scans = new Map<string, number>();
  server.use(
    http.post('*/api/create_scan', async ({ request }) => {
      const form = await request.formData();
      const key = request.headers.get('idempotency-key');
      const fields: Record<string, string> = {};
      const images: string[] = [];
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else images.push(k);
      }
      received.push({ key, images, fields });
      const verdict = plan(received.length);
      if (verdict === 'refuse') return HttpResponse.json({ status: 'error', message: 'grid_box_id: Grid box not found.' }, { status: 404 });
      if (verdict === 'busy') return HttpResponse.json({ status: 'error', message: 'Service unavailable' }, { status: 503 });
      if (key && !scans.has(key)) scans.set(key, 100 + scans.size);
      if (verdict === 'lost') return HttpResponse.error();
      return HttpResponse.json({ status: 'success', message: 'Scan analysed.', scan: makeScan(scans.get(key ?? '') ?? 1) });
    }),
  );
  return { received, scans };
}

async function scansIn(q: ActionQueue): Promise<QueuedScan[]> {
  return (await q.list({ userId: 7 })).map(queuedScanOf).filter((s): s is QueuedScan => s !== null);
}

describe('the scan queue (scans in the outbox)', () => {
  it('keeps a scan made offline with its photos as Blobs, its analysis and its key, and sends it once when online', async () => {
    const api = scanServer();
    const offline = setOnline(false);
    let item: QueuedScan;
    try {
      item = await queueScan(scanInput(), { userId: 7, label: 'Bay 1 › Grid A › Mother A' }, undefined, queue);
      expect(api.received).toHaveLength(0);
    } finally {
      offline();
    }
    const [stored] = await scansIn(queue);
    expect(stored).toMatchObject({ seq: item.seq, state: 'waiting', label: 'Bay 1 › Grid A › Mother A', scanType: 'box', clientAnalysis: analysis });
    expect(stored!.photos).toHaveLength(2);
    expect(stored!.photos.every((p) => p instanceof Blob)).toBe(true);
    expect(stored!.capturedAt).toBe('2026-11-25T07:55:00.000Z');
    expect(stored!.idempotencyKey).toMatch(/\S{8,}/);

    const first = await queue.flush({ userId: 7 });
    expect(first.sent).toHaveLength(1);
    expect(api.received).toHaveLength(1);
    expect(api.received[0]).toMatchObject({ key: stored!.idempotencyKey, images: ['images', 'images'] });
    expect(api.received[0]!.fields).toMatchObject({ scan_type: 'box', grid_box_id: '2100002', captured_at: '2026-11-25T07:55:00.000Z', client_analysis: analysis });

    // Sent: kept a while as sent (the outbox shows it arrived), never sent again.
    const second = await queue.flush({ userId: 7, force: true });
    expect(second.sent).toHaveLength(0);
    expect(api.received).toHaveLength(1);
    expect((await scansIn(queue))[0]!.state).toBe('sent');
  });

  it('keeps the key of a send that got no answer, so the retry is filed once', async () => {
    const api = scanServer((attempt) => (attempt === 1 ? 'lost' : 'ok'));
    // The scan-now screen sent the scan itself with this key; the answer was lost on the way back.
    await queueScan(scanInput(), { userId: 7, label: 'Scan · Bay 1' }, 'scan-key-1', queue);
    await expect.poll(() => api.received.length).toBe(1);
    const waiting = await scansIn(queue);
    expect(waiting[0]).toMatchObject({ state: 'waiting', idempotencyKey: 'scan-key-1' });

    clock += 60_000;
    const res = await queue.flush({ userId: 7 });
    expect(res.sent).toHaveLength(1);
    expect(api.received.map((r) => r.key)).toEqual(['scan-key-1', 'scan-key-1']);
    expect(api.scans.size).toBe(1);
  });

  it('waits out a server that is unwell, in order, and keeps a refusal with the reason', async () => {
    const api = scanServer((attempt) => (attempt === 1 ? 'busy' : attempt === 2 ? 'refuse' : 'ok'));
    const offline = setOnline(false);
    try {
      await queueScan(scanInput({ grid_box_id: 999 }), { userId: 7, label: 'Scan · gone box' }, undefined, queue);
      await queueScan(scanInput(), { userId: 7, label: 'Scan · Bay 1' }, undefined, queue);
    } finally {
      offline();
    }
    const busy = await queue.flush({ userId: 7 });
    expect(busy.sent).toHaveLength(0);
    expect(busy.retryAt).not.toBeNull();
    expect(api.received).toHaveLength(1);

    const later = await queue.flush({ userId: 7, force: true });
    expect(later.refused.map((r) => r.item.label)).toEqual(['Scan · gone box']);
    expect(later.refused[0]!.conflict).toBe(true);
    expect(later.sent.map((s) => s.label)).toEqual(['Scan · Bay 1']);
    const listed = await scansIn(queue);
    expect(listed.map((s) => [s.label, s.state, s.reason])).toEqual([
      ['Scan · gone box', 'refused', 'grid_box_id: Grid box not found.'],
      ['Scan · Bay 1', 'sent', null],
    ]);
  });

  it('lists only scans, live, for the user and company asked', async () => {
    const offline = setOnline(false);
    const seen: QueuedScan[][] = [];
    const stop = watchQueuedScans({ userId: 7, companyId: 3 }, (s) => seen.push(s), queue);
    try {
      await queueAction('addComment', { company_id: 3, problem_id: 5, comment: 'Check again' } as never, { companyId: 3, userId: 7, label: 'Comment' }, queue);
      await queueScan(scanInput(), { userId: 7, label: 'Scan · mine' }, undefined, queue);
      await queueScan(scanInput({ company_id: 4 }), { userId: 7, label: 'Scan · other company' }, undefined, queue);
      await queueScan(scanInput(), { userId: 8, label: 'Scan · colleague' }, undefined, queue);
      await expect.poll(() => seen.at(-1)?.map((s) => s.label)).toEqual(['Scan · mine']);
    } finally {
      stop();
      offline();
    }
  });
});
