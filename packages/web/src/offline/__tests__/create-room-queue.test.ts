import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { db } from '../db';
import { enqueueCreateRoom, listQueuedRooms } from '../create-room-queue';
import { flushCreateRoomQueue } from '../../api/room-queue';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  await db.createRoomQueue.clear();
  signInAs({ companyId: 3 });
});

const T = '2026-01-05T08:00:00.000Z';
const room = (id: number, name: string) => ({
  RoomID: id, CompanyID: 3, Name: name, Description: '', CreatedDateTime: T, UpdatedDateTime: T, Scanned: false,
  ScannedDateTime: null, LastScannedBy: null, WhiteboardImage: null, StartScroll: 0,
});

/** A server that honours Idempotency-Key like the real one: one room per key. */
function createRoomServer(opts: { failFirst?: boolean } = {}) {
  const calls: Array<{ key: string | null; name: string; companyId: string | null }> = [];
  const rooms = new Map<string, ReturnType<typeof room>>();
  let fail = opts.failFirst ?? false;
  server.use(
    http.post(`${API}/create_room`, async ({ request }) => {
      if (fail) {
        fail = false;
        return HttpResponse.error();
      }
      const key = request.headers.get('Idempotency-Key');
      const form = await request.formData();
      const name = String(form.get('name'));
      calls.push({ key, name, companyId: new URL(request.url).searchParams.get('company_id') });
      const made = (key ? rooms.get(key) : undefined) ?? room(100 + rooms.size, name);
      if (key) rooms.set(key, made);
      return HttpResponse.json({ status: 'success', message: 'Room created.', room: made });
    }),
  );
  return { calls, rooms };
}

describe('createRoomQueue', () => {
  it('sends a queued room once, with its own Idempotency-Key, and empties the queue', async () => {
    const api = createRoomServer();
    const item = await enqueueCreateRoom(3, { name: ' Bay 9 ', description: 'new' });
    expect(await listQueuedRooms(3)).toEqual([expect.objectContaining({ id: item.id, name: 'Bay 9', companyID: 3 })]);

    const res = await flushCreateRoomQueue();
    expect(res.sent.map((s) => s.name)).toEqual(['Bay 9']);
    expect(api.calls).toEqual([{ key: item.id, name: 'Bay 9', companyId: '3' }]);
    expect(await db.createRoomQueue.count()).toBe(0);

    await flushCreateRoomQueue();
    expect(api.calls).toHaveLength(1);
  });

  it('keeps the item when the send fails and sends it with the same key later', async () => {
    const api = createRoomServer({ failFirst: true });
    const item = await enqueueCreateRoom(3, { name: 'Bay 10' });

    const first = await flushCreateRoomQueue();
    expect(first).toMatchObject({ sent: [], remaining: 1 });
    expect(await db.createRoomQueue.count()).toBe(1);

    const second = await flushCreateRoomQueue();
    expect(second.sent).toHaveLength(1);
    expect(api.calls.map((c) => c.key)).toEqual([item.id]);
    expect(await db.createRoomQueue.count()).toBe(0);
  });

  it('never makes two rooms when the same item is sent twice at once (two tabs, a retry)', async () => {
    const api = createRoomServer();
    await enqueueCreateRoom(3, { name: 'Bay 11' });
    await enqueueCreateRoom(3, { name: 'Bay 12' });
    const [a, b] = await Promise.all([flushCreateRoomQueue(), flushCreateRoomQueue()]);
    expect(a).toBe(b);
    expect(api.calls.map((c) => c.name)).toEqual(['Bay 11', 'Bay 12']);
    expect(api.rooms.size).toBe(2);
  });

  it('drops an item the server refuses (400) and reports why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(`${API}/create_room`, () =>
        HttpResponse.json({ status: 'error', message: 'name must be at most 120 characters', error: 'bad_request' }, { status: 400 }),
      ),
    );
    await enqueueCreateRoom(3, { name: 'x'.repeat(130) });
    const res = await flushCreateRoomQueue();
    expect(res.refused).toEqual([expect.objectContaining({ message: 'name must be at most 120 characters' })]);
    expect(await db.createRoomQueue.count()).toBe(0);
    expect(error).toHaveBeenCalled();
  });
});
