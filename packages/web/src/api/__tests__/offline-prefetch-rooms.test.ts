import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { db } from '../../offline/db';
import { readAnswer } from '../../offline/answer-cache';
import { server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { makeRoom } from '../../testing/room-fixtures';
import { prefetchForOffline, startOfflinePrefetch } from '../offline-prefetch';
import { roomCopyKeys, roomEtagKey } from '../offline-fill-rooms';
import { readOfflineRooms, saveOfflineRooms } from '../../lib/offline-rooms';
import { offlineServer } from './offline-fixtures';
import { installBlobCloning } from '../../offline/__tests__/browser-emulation';

// GET /image answers a binary body, which MSW cannot hand to jsdom's XHR as a Blob: the photo fetch is stubbed.
const fetchImage = vi.hoisted(() => vi.fn(async (url: string) => new Blob([`thumb of ${url}`], { type: 'image/jpeg' })));
vi.mock('../rooms', async (original) => ({ ...(await original<typeof import('../rooms')>()), fetchImage }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ROOMS = [
  makeRoom({ roomId: 11, gridId: 21, nx: 2, ny: 1, name: 'Bay 1' }),
  makeRoom({ roomId: 12, gridId: 22, nx: 3, ny: 2, name: 'Bay 2' }),
  makeRoom({ roomId: 13, gridId: 23, nx: 2, ny: 2, name: 'Mother Stock' }),
];
const room = (id: number) => ROOMS.find((r) => r.RoomID === id)!;

/** Each room bundle asked, in order: its room id and whether it came with the ETag of a stored copy. */
let bundles: Array<{ roomId: number; conditional: boolean }> = [];
/** The batch ids of each batches' bundle asked. */
let batchBundles: number[] = [];
const onRequest = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/offline_batches_bundle')) batchBundles.push(...(url.searchParams.get('batch_ids') ?? '').split(',').map(Number));
  if (!url.pathname.endsWith('/offline_room_bundle')) return;
  bundles.push({ roomId: Number(url.searchParams.get('room_id')), conditional: request.headers.has('if-none-match') });
};
let restoreBlobs: (() => void) | null = null;
beforeEach(async () => {
  restoreBlobs = installBlobCloning();
  await Promise.all(db.tables.map((t) => t.clear()));
  localStorage.clear();
  signInAs({ companyId: 3, userId: 7 });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  bundles = [];
  batchBundles = [];
  server.events.on('request:start', onRequest);
});
afterEach(() => {
  server.events.removeListener('request:start', onRequest);
  restoreBlobs?.();
  vi.restoreAllMocks();
});

const fill = () => prefetchForOffline(new QueryClient({ defaultOptions: { queries: { retry: false } } }), { companyId: 3, userId: 7 });
const asked = () => bundles.map((b) => b.roomId).sort();
/** How many of a room's bundle copies (and its ETag) are on the device. */
const stored = async (roomId: number) => {
  const keys = [roomEtagKey(3, roomId), ...roomCopyKeys(3, room(roomId))];
  const found = await Promise.all(keys.map((k) => readAnswer(3, k)));
  return found.filter(Boolean).length;
};

describe('rooms kept on this device (issue 19)', () => {
  it('without a choice every room is filled, as before', async () => {
    server.use(...offlineServer({ rooms: ROOMS }).handlers);
    expect(readOfflineRooms(3, 7)).toBeNull();

    const result = await fill();

    expect(result?.state).toBe('ready');
    expect(asked()).toEqual([11, 12, 13]);
    for (const id of [11, 12, 13]) expect(await readAnswer(3, roomEtagKey(3, id))).toBeDefined();
  });

  it("with a choice only the chosen rooms' bundles are asked, and the readiness counts only them", async () => {
    server.use(...offlineServer({ rooms: ROOMS }).handlers);
    const all = await fill();
    bundles = [];

    saveOfflineRooms(3, 7, [12]);
    const chosen = await fill();

    expect(asked()).toEqual([12]);
    expect(chosen?.state).toBe('ready');
    // Two room steps fewer, and the batches' step: the one batch is Bay 1's (room 11), not Bay 2's. The rest is the same.
    expect(chosen?.total).toBe(all!.total - 3);
    expect(chosen?.done).toBe(chosen?.total);
  });

  it("a room taken off loses its copies and its ETag; chosen again, it is downloaded whole", async () => {
    const api = offlineServer({ rooms: ROOMS });
    server.use(...api.handlers);
    await fill();
    const full = await stored(11);
    // Its ETag, problems, backgrounds, scroll, batches, the grid's circles and sub-boxes, the first box's problems.
    expect(full).toBe(8);

    bundles = [];
    saveOfflineRooms(3, 7, [12, 13]);
    await fill();
    expect(asked()).toEqual([12, 13]);
    expect(await stored(11)).toBe(0);
    // The rooms still kept stay on the device (answered 304, nothing rewritten).
    expect(await stored(12)).toBe(full);
    expect(bundles.every((b) => b.conditional)).toBe(true);

    bundles = [];
    const notModified = api.room.notModified;
    saveOfflineRooms(3, 7, [11, 12, 13]);
    await fill();
    // Asked without an ETag, so answered in full rather than 304 over copies no longer there.
    expect(bundles.find((b) => b.roomId === 11)).toEqual({ roomId: 11, conditional: false });
    expect(api.room.notModified).toBe(notModified + 2);
    expect(await stored(11)).toBe(full);
  });

  it('a chosen room that no longer exists is ignored; a room created later is not added', async () => {
    const rooms = [...ROOMS];
    server.use(...offlineServer({ rooms }).handlers);
    saveOfflineRooms(3, 7, [12, 99]);
    rooms.push(makeRoom({ roomId: 14, gridId: 24, nx: 1, ny: 1, name: 'New bay' }));

    const result = await fill();

    expect(result?.state).toBe('ready');
    expect(asked()).toEqual([12]);
    expect(await readAnswer(3, roomEtagKey(3, 14))).toBeUndefined();
  });

  it("with a choice only the kept rooms' batches are filled (from their bundles' batch lists)", async () => {
    // Batches 5, 6 and 7; only Bay 1 (room 11) holds one, batch 5.
    server.use(...offlineServer({ rooms: ROOMS, batches: 3 }).handlers);
    await fill();
    expect(batchBundles.sort()).toEqual([5, 6, 7]);

    batchBundles = [];
    saveOfflineRooms(3, 7, [11, 13]);
    const chosen = await fill();
    expect(batchBundles).toEqual([5]);
    expect(chosen?.done).toBe(chosen?.total);

    batchBundles = [];
    saveOfflineRooms(3, 7, [12]);
    expect((await fill())?.state).toBe('ready');
    expect(batchBundles).toEqual([]);
  });

  it('a choice saved while a fill runs gets a fill of its own after it (several saves, one more fill)', async () => {
    server.use(...offlineServer({ rooms: ROOMS }).handlers);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const target = { companyId: 3, userId: 7 };
    const first = startOfflinePrefetch(client, target, 'manual');
    saveOfflineRooms(3, 7, [13]);
    const again = startOfflinePrefetch(client, target, 'manual');
    expect(startOfflinePrefetch(client, target, 'manual')).toBe(again);

    await again;
    await first;

    // The running fill may or may not have read the choice in time; the one after it did, and only it followed.
    expect(bundles.filter((b) => b.roomId === 13)).toHaveLength(2);
    expect(bundles.filter((b) => b.roomId === 11).length).toBeLessThanOrEqual(1);
  });
});
