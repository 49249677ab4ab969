import { createHttpClient } from '../../api/http-client';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ActionQueueDatabase } from '../action-queue-store';
import { ActionRefused, classifyActionError, createActionQueue, queueAction, type ActionQueue } from '../../api/action-queue';
import { ApiError } from '../../api/api-error';
import { server } from '../../testing/msw-server';
import { installWebLocks } from './browser-emulation';

const restore: Array<() => void> = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  restore.push(installWebLocks());
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  for (const undo of restore) undo();
});

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

let n = 0;
let database: ActionQueueDatabase;
let queue: ActionQueue;
let clock = Date.parse('2026-03-02T08:00:00.000Z');
const meta = { companyId: 3, userId: 7, label: 'Bench 1' };

beforeEach(() => {
  online = true;
  database = new ActionQueueDatabase(`action-queue-test-${++n}`);
  queue = createActionQueue({ database, client: createHttpClient({ baseURL: '/api' }), lockName: `action-lock-${n}`, now: () => clock });
});
afterEach(async () => {
  database.close();
  await database.delete();
});

interface Seen {
  key: string | null;
  name: string;
}

/** /update_grid_box_name answering as the server does; `plan` decides each answer by the name sent. */
function renameServer(plan: (name: string, attempt: number) => 'ok' | 'lost' | 'busy' | 'conflict' | 'refuse' | 'inProgress' = () => 'ok') {
  const seen: Seen[] = [];
  const applied: string[] = [];
  const attempts = new Map<string, number>();
  server.use(
    http.post('*/api/update_grid_box_name', async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const name = form.get('custom_name') ?? '';
      const key = request.headers.get('idempotency-key');
      seen.push({ key, name });
      const attempt = (attempts.get(name) ?? 0) + 1;
      attempts.set(name, attempt);
      const verdict = plan(name, attempt);
      if (verdict === 'busy') return HttpResponse.json({ status: 'error', message: 'Service unavailable' }, { status: 503 });
      if (verdict === 'conflict') return HttpResponse.json({ status: 'error', message: 'This box was renamed by someone else meanwhile; it is now called "X".' }, { status: 409 });
      if (verdict === 'inProgress') return HttpResponse.json({ status: 'error', message: 'A request with this Idempotency-Key is still in progress. Try again shortly.' }, { status: 409 });
      if (verdict === 'refuse') return HttpResponse.json({ status: 'error', message: 'custom_name must be at most 120 characters.', field: 'custom_name' }, { status: 400 });
      if (!applied.includes(name)) applied.push(name);
      if (verdict === 'lost') return HttpResponse.error();
      return HttpResponse.json({
        status: 'success',
        message: 'Grid box renamed.',
        grid_box: { id: 5, GridID: 2, X: 1, Y: 1, Color: null, Status: null, Content: null, ImageName: null, CustomName: name, culled: false },
      });
    }),
  );
  return { seen, applied };
}

const rename = (name: string) => queueAction('updateGridBoxName', { GridBoxID: 5, custom_name: name }, meta, queue);

describe('action queue', () => {
  it('online: stores the action, sends it at once with its key and answers the server response', async () => {
    const api = renameServer();
    const out = await rename('A');
    expect(out.queued).toBe(false);
    expect(out.queued === false && out.result?.grid_box.CustomName).toBe('A');
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]!.key).toMatch(/.{8,}/);
    expect((await queue.list()).map((a) => a.state)).toEqual(['sent']);
  });

  it('offline: waits, then sends everything once, in the order made, each with the key made when the user acted', async () => {
    const api = renameServer();
    online = false;
    for (const name of ['A', 'B', 'C']) expect((await rename(name)).queued).toBe(true);
    expect(api.seen).toEqual([]);
    const keys = (await queue.list()).map((a) => a.idempotencyKey);
    online = true;
    const res = await queue.flush({ userId: 7 });
    expect(res.sent).toHaveLength(3);
    expect(api.seen.map((s) => s.name)).toEqual(['A', 'B', 'C']);
    expect(api.seen.map((s) => s.key)).toEqual(keys);
  });

  it('an answer lost after the server applied it: resent later with the same key, order kept behind it', async () => {
    const api = renameServer((name, attempt) => (name === 'A' && attempt === 1 ? 'lost' : 'ok'));
    online = false;
    await rename('A');
    await rename('B');
    online = true;
    const first = await queue.flush({ userId: 7 });
    expect(first.sent).toEqual([]);
    expect(first.retryAt).toBe(clock + 2_000);
    expect(api.seen.map((s) => s.name)).toEqual(['A']);
    // Not before the backoff is over …
    expect((await queue.flush({ userId: 7 })).sent).toEqual([]);
    clock += 2_000;
    const second = await queue.flush({ userId: 7 });
    expect(second.sent.map((a) => a.input.custom_name)).toEqual(['A', 'B']);
    expect(api.seen[0]!.key).toBe(api.seen[1]!.key);
    expect(api.applied).toEqual(['A', 'B']);
  });

  it('a 5xx or the same key still in progress is tried again; a refusal is kept with the server reason and the rest go on', async () => {
    const api = renameServer((name, attempt) => (name === 'A' && attempt === 1 ? 'busy' : name === 'A' && attempt === 2 ? 'inProgress' : name === 'B' ? 'refuse' : 'ok'));
    online = false;
    await rename('A');
    await rename('B');
    await rename('C');
    online = true;
    await queue.flush({ userId: 7, force: true });
    await queue.flush({ userId: 7, force: true });
    const res = await queue.flush({ userId: 7, force: true });
    expect(res.sent.map((a) => a.input.custom_name)).toEqual(['A', 'C']);
    expect(res.refused.map((r) => [r.message, r.conflict])).toEqual([['custom_name must be at most 120 characters.', false]]);
    const list = await queue.list();
    expect(list.map((a) => a.state)).toEqual(['sent', 'refused', 'sent']);
    expect(list[1]!.reason).toBe('custom_name must be at most 120 characters.');
    expect(api.applied).toEqual(['A', 'C']);
  });

  it('a target changed on the server meanwhile (409) is refused as a conflict; online the caller gets ActionRefused', async () => {
    renameServer(() => 'conflict');
    const err = await rename('A').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ActionRefused);
    expect((err as ActionRefused).conflict).toBe(true);
    expect((err as Error).message).toContain('renamed by someone else');
    const [item] = await queue.list();
    expect(item).toMatchObject({ state: 'refused', conflict: true });
  });

  it('retry puts a refused item back in line; discard removes it for good', async () => {
    let refuse = true;
    const api = renameServer(() => (refuse ? 'refuse' : 'ok'));
    await expect(rename('A')).rejects.toThrow('at most 120');
    await expect(rename('B')).rejects.toThrow('at most 120');
    const [a, b] = await queue.list();
    refuse = false;
    const res = await queue.retry(a!.seq, { userId: 7 });
    expect(res.sent.map((x) => x.seq)).toEqual([a!.seq]);
    await queue.discard(b!.seq);
    expect((await queue.list()).map((x) => [x.seq, x.state])).toEqual([[a!.seq, 'sent']]);
    expect(api.seen.filter((s) => s.name === 'A').map((s) => s.key)).toEqual([a!.idempotencyKey, a!.idempotencyKey]);
  });

  it('concurrent flushes send each action once', async () => {
    const api = renameServer();
    online = false;
    for (const name of ['A', 'B', 'C', 'D']) await rename(name);
    online = true;
    await Promise.all([queue.flush({ userId: 7 }), queue.flush({ userId: 7 }), queue.flush({ userId: 7 })]);
    expect(api.seen.map((s) => s.name)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('an action left "sending" by a tab that died is sent again with its key', async () => {
    const api = renameServer();
    online = false;
    await rename('A');
    const [item] = await queue.list();
    await database.actions.update(item!.seq, { state: 'sending' });
    online = true;
    expect((await queue.flush({ userId: 7 })).sent).toHaveLength(1);
    expect(api.seen.map((s) => s.key)).toEqual([item!.idempotencyKey]);
  });
});

describe('classifyActionError', () => {
  it('retries no answer, 5xx, 401, 408, 429 and a key in progress; 409 and 404 otherwise are conflicts; other 4xx refusals', () => {
    expect(classifyActionError(new ApiError('x', { status: 503 })).kind).toBe('retry');
    expect(classifyActionError(new ApiError('x', { status: 401 })).kind).toBe('retry');
    expect(classifyActionError(new ApiError('A request with this Idempotency-Key is still in progress.', { status: 409 })).kind).toBe('retry');
    expect(classifyActionError(new ApiError('This problem is not open.', { status: 409 }))).toEqual({ kind: 'refused', message: 'This problem is not open.', conflict: true, status: 409, current: null });
    expect(classifyActionError(new ApiError('Grid box not found', { status: 404 }))).toEqual({ kind: 'refused', message: 'Grid box not found', conflict: true, status: 404, current: null });
    expect(classifyActionError(new ApiError('custom_name is required.', { status: 400 }))).toEqual({ kind: 'refused', message: 'custom_name is required.', conflict: false, status: 400, current: null });
  });
});
