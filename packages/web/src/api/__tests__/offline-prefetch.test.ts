import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { deviceToday, OBSERVATIONS_LIMIT } from '@verdant/contract';
import { db } from '../../offline/db';
import { server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { makeRoom, setOnline } from '../../testing/room-fixtures';
import { forgetOfflineData, prefetchForOffline, shouldPrefetch, FRESH_ENOUGH_MS, LONG_GAP_MS } from '../offline-prefetch';
import { gridTemplatesQuery, imageQuery, roomKeys, roomQuery, roomScrollQuery } from '../queries/rooms';
import { formTemplatesQuery } from '../queries/form-templates';
import { problemColorsQuery } from '../queries/problem-colors';
import { plantProblemsQuery } from '../queries/plant-problems';
import { batchDashboardQuery, batchDetailQuery, batchesQuery, batchMovesQuery, batchPlantsQuery, batchProblemsQuery, batchRoomsQuery, roomBatchesQuery } from '../queries/batches';
import { boxProblemsQuery, gridCirclesQuery } from '../queries/problems';
import { subBoxesQuery } from '../queries/grid-boxes';
import { savesSettled } from '../offline-read';
import { observationsQuery } from '../queries/observations';
import { languageQuery, stickyTrapQuery } from '../queries/company-settings';
import { userDataQuery, usersListQuery } from '../queries/users';
import { cropAvailabilityQuery, cropStatusQuery, plantCountQuery, readyToSellQuery } from '../queries/crop-reports';
import { BATCH, BATCH_PLANT, BOX_WITH_PROBLEM, filledSubBox, OBSERVATION, offlineServer, ROOM, TASK, THUMB_URL } from './offline-fixtures';
import { tasksQuery } from '../queries/tasks';
import { sprayProductsQuery } from '../queries/treatments';
import { installBlobCloning } from '../../offline/__tests__/browser-emulation';

// GET /image answers a binary body, which MSW cannot hand to jsdom's XHR as a Blob: the photo fetch is stubbed.
const fetchImage = vi.hoisted(() => vi.fn(async (url: string) => new Blob([`thumb of ${url}`], { type: 'image/jpeg' })));
vi.mock('../rooms', async (original) => ({ ...(await original<typeof import('../rooms')>()), fetchImage }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let restoreOnline: (() => void) | null = null;
let restoreBlobs: (() => void) | null = null;
beforeEach(async () => {
  restoreBlobs = installBlobCloning();
  fetchImage.mockClear();
  await Promise.all(db.tables.map((t) => t.clear()));
  signInAs({ companyId: 3, userId: 7 });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  restoreOnline?.();
  restoreOnline = null;
  restoreBlobs?.();
  vi.restoreAllMocks();
});

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('background fill for offline use', () => {
  it('stores every read a scout needs; offline, a fresh app reads all of it without one request', async () => {
    const api = offlineServer();
    server.use(...api.handlers);

    const result = await prefetchForOffline(newClient(), { companyId: 3, userId: 7 });

    expect(result?.state).toBe('ready');
    expect(result?.failedSteps).toEqual([]);
    expect(result?.done).toBe(result?.total);
    const readiness = await db.offlineReadiness.get(3);
    expect(readiness).toMatchObject({ state: 'ready', userId: 7, doneSteps: [] });
    expect(readiness?.readyAt).toEqual(expect.any(Number));
    // The spec's tables (rooms, templates, colours) and the new answer store are all filled.
    expect(await db.rooms.count()).toBe(1);
    expect(await db.grid_boxes.count()).toBe(2);
    expect(await db.formTemplates.count()).toBe(1);
    expect(await db.formFields.count()).toBe(1);
    expect(await db.problemColorMapping.count()).toBe(1);
    // Every box's sub-boxes, the problems of the box that has some, the batch's screen: one bulk read each (issue 19).
    expect(api.requests.get('/offline_room_bundle')).toBe(1);
    expect(api.requests.get('/offline_batches_bundle')).toBe(1);
    for (const single of ['/get_sub_gridboxes', '/get_unresolved_problems_for_gridbox', '/get_batch_history_by_room', '/get_unresolved_problems_for_grid_circles', '/batch_qr_info', '/get_room_scroll']) {
      expect(api.requests.get(single), single).toBeUndefined();
    }
    expect(fetchImage).toHaveBeenCalledTimes(1);
    // The crop registration walk of the crop planted now (issue 24).
    expect(api.requests.get('/crop_registration/walk')).toBe(1);

    // Cold offline: a new query client (a reload), no connection. Nothing reaches the network.
    restoreOnline = setOnline(false);
    const before = api.total();
    const offline = newClient();
    const read = <T,>(q: { queryKey: readonly unknown[] }) => offline.fetchQuery(q as never) as Promise<T>;
    expect((await read<{ room: { RoomID: number } }>(roomQuery(3, 11))).room.RoomID).toBe(11);
    expect(await read(roomScrollQuery(3, 11))).toBe(40);
    expect((await read<{ templates: unknown[] }>(formTemplatesQuery(3))).templates).toHaveLength(1);
    expect(await read(gridTemplatesQuery(3, 'SubGrid'))).toEqual([]);
    expect((await read<{ mappings: unknown[] }>(problemColorsQuery(3))).mappings).toHaveLength(1);
    expect(await read(plantProblemsQuery(3))).toEqual([]);
    expect(await read(batchesQuery(3))).toEqual([BATCH]);
    expect(await read(roomBatchesQuery(3, 11))).toEqual([BATCH]);
    expect((await read<{ batch: typeof BATCH }>(batchDetailQuery(3, 5))).batch).toEqual(BATCH);
    expect(await read(batchRoomsQuery(3, 5))).toHaveLength(1);
    expect(await read(batchProblemsQuery(3, 5, false))).toEqual([]);
    // Sent in columns, stored as the single read answers it.
    expect(await read(batchPlantsQuery(3, 5))).toEqual({ status: 'success', batch_id: 5, harvested: false, total_count: 1, plants: [BATCH_PLANT] });
    expect(await read(batchProblemsQuery(3, 5, true))).toEqual([]);
    expect(await read(batchMovesQuery(3, 5, [11]))).toEqual([]);
    expect((await read<{ batch: typeof BATCH }>(batchDashboardQuery(3, 5, '', deviceToday(new Date())))).batch).toEqual(BATCH);
    expect((await read<{ Boxes: unknown[] }>(gridCirclesQuery(3, 21))).Boxes).toHaveLength(1);
    expect(await read(boxProblemsQuery(3, BOX_WITH_PROBLEM))).toEqual([]);
    // A box's sub-boxes out of its grid's copy in columns (issue 19), as the single read answers them.
    expect((await read<{ total_count: number }>(subBoxesQuery(3, 2_100_002, 21))).total_count).toBe(0);
    expect(await read(subBoxesQuery(3, BOX_WITH_PROBLEM, 21))).toEqual({
      status: 'success',
      parent_gridbox: { id: BOX_WITH_PROBLEM, GridID: 21, RoomID: 11, X: 1, Y: 1, CustomName: 'Corner', Color: null, Status: null, culled: false, display_name: 'Corner' },
      total_count: 1,
      max_allowed: 100,
      sub_gridboxes: [
        {
          Sub_gridboxID: filledSubBox(21).id, ParentGridboxID: BOX_WITH_PROBLEM, CustomName: null, SubX: 2, SubY: 1, PlantID: filledSubBox(21).plant_id,
          plant_uid: 'P-21', Color: null, Status: null, Content: null, ImageName: null, display_name: 'Sub-2-1', deleted: false,
          CreatedDateTime: '2026-01-05T08:00:00.000Z', UpdatedDateTime: '2026-01-05T08:00:00.000Z',
        },
      ],
    });
    // Without its grid the screen cannot find that copy: not available offline, as before any fill.
    await expect(read(subBoxesQuery(3, 2_100_002))).rejects.toThrow();
    expect((await read<{ observations: unknown[] }>(observationsQuery(3, { limit: OBSERVATIONS_LIMIT, offset: 0 }))).observations).toEqual([OBSERVATION]);
    expect(await (await read<Blob>(imageQuery(THUMB_URL))).text()).toBe(`thumb of ${THUMB_URL}`);
    expect(fetchImage).toHaveBeenCalledTimes(1);
    expect(await read(languageQuery(3))).toBe('en');
    expect(await read(stickyTrapQuery(3))).toBe(1);
    expect(await read(userDataQuery(7, 3))).toMatchObject({ first_name: 'Ana', last_name: 'Grower' });
    expect((await read<{ summary: { plants: number } }>(plantCountQuery(3, 'crop'))).summary.plants).toBe(BATCH.NumberOfPlants);
    expect(await read(readyToSellQuery(3))).toMatchObject({ data: [] });
    expect(await read(cropStatusQuery(3, ['Ready']))).toMatchObject({ data: [] });
    expect(await read(cropAvailabilityQuery(3, ['Vegetative']))).toMatchObject({ weeks: [] });
    expect((await read<{ tasks: unknown[] }>(tasksQuery(3, { kind: 'mine', userId: 7 }, 'open'))).tasks).toEqual([TASK]);
    expect((await read<{ tasks: unknown[] }>(tasksQuery(3, { kind: 'mine', userId: 7 }, 'done'))).tasks).toEqual([]);
    expect(await read(usersListQuery(3))).toHaveLength(1);
    expect(await read(sprayProductsQuery(3))).toEqual([]);
    expect(api.total()).toBe(before);
  });

  it('an interrupted fill resumes where it stopped instead of starting over', async () => {
    const api = offlineServer();
    server.use(...api.handlers);
    // The connection drops when the fill reaches the batches' bulk read (after the room's).
    api.fail.add('/offline_batches_bundle');

    expect(await prefetchForOffline(newClient(), { companyId: 3, userId: 7 }, { concurrency: 1 })).toBeNull();
    const stopped = await db.offlineReadiness.get(3);
    expect(stopped).toMatchObject({ state: 'running', readyAt: null });
    expect(stopped?.doneSteps).toEqual(expect.arrayContaining(['user', 'library', 'room:11']));
    expect(stopped?.doneSteps).not.toContain(`batches:${BATCH.BatchID}`);
    expect(stopped!.done).toBeLessThan(stopped!.total);

    api.fail.clear();
    const threshold = api.requests.get('/threshold');
    const roomBundles = api.requests.get('/offline_room_bundle');
    const result = await prefetchForOffline(newClient(), { companyId: 3, userId: 7 }, { concurrency: 1 });
    expect(result?.state).toBe('ready');
    // Steps stored before the drop are not asked again; the list reads that name the rest are.
    expect(api.requests.get('/threshold')).toBe(threshold);
    expect(api.requests.get('/offline_room_bundle')).toBe(roomBundles);
    expect(api.requests.get('/load_room_grids_boxes')).toBe(2);
    expect(api.requests.get('/offline_batches_bundle')).toBe(2);
    expect(result?.startedAt).toBe(stopped?.startedAt);
  });

  it('a room list the screen loaded while the fill\'s was on its way is not replaced by the older one', async () => {
    const api = offlineServer();
    const { http, HttpResponse, delay } = await import('msw');
    const { API } = await import('../../testing/msw-server');
    const client = newClient();
    const newer = { rooms: [ROOM, { ...ROOM, RoomID: 12, Name: 'Made just now', grids: [] }], fromCache: false };
    server.use(
      http.get(
        `${API}/load_room_grids_boxes`,
        async () => {
          // A room is created and the screen reloads its list while the fill's (older) answer travels.
          client.setQueryData(roomKeys.list(3), newer);
          await delay(20);
          return HttpResponse.json({ status: 'success', rooms: [ROOM] });
        },
        { once: true },
      ),
      ...api.handlers,
    );

    expect((await prefetchForOffline(client, { companyId: 3, userId: 7 }))?.state).toBe('ready');
    expect(client.getQueryData(roomKeys.list(3))).toBe(newer);
  });

  it('keeps the weather at the user\'s location; a weather service that is not set up leaves the device ready', async () => {
    const api = offlineServer({ location: 'Westland' });
    const { http, HttpResponse } = await import('msw');
    const { API } = await import('../../testing/msw-server');
    const asked: string[] = [];
    const notSetUp = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname.replace(/^.*\/weather\//, ''));
      return HttpResponse.json({ status: 'error', error: 'unavailable', reason: 'not_configured', message: 'not set up', data: null }, { status: 503 });
    };
    server.use(http.get(`${API}/weather/todays_weather`, notSetUp), http.get(`${API}/weather/weather_range`, notSetUp), ...api.handlers);

    const result = await prefetchForOffline(newClient(), { companyId: 3, userId: 7 });
    expect(result?.state).toBe('ready');
    expect(asked.sort()).toEqual(['todays_weather', 'weather_range']);
  });

  it('a refusal marks the step as missing (partly ready) and the rest is still stored', async () => {
    const api = offlineServer();
    const { http, HttpResponse } = await import('msw');
    const { API } = await import('../../testing/msw-server');
    server.use(
      http.get(`${API}/offline_batches_bundle`, () => HttpResponse.json({ status: 'error', message: 'nope' }, { status: 400 })),
      ...api.handlers,
    );
    const result = await prefetchForOffline(newClient(), { companyId: 3, userId: 7 });
    expect(result?.state).toBe('incomplete');
    expect(result?.failedSteps).toEqual([`batches:${BATCH.BatchID}`]);
    expect(result?.readyAt).toEqual(expect.any(Number));
    expect(await db.rooms.count()).toBe(1);
  });

  it('does not start offline: nothing is asked and the readiness stays as it was', async () => {
    const api = offlineServer();
    server.use(...api.handlers);
    restoreOnline = setOnline(false);
    expect(await prefetchForOffline(newClient(), { companyId: 3, userId: 7 })).toBeNull();
    expect(api.total()).toBe(0);
  });

  it('a demo-sized company (3 rooms, 704 boxes, 8 batches) fills in fewer than 60 requests; a second fill with nothing changed gets 304s', async () => {
    const rooms = [
      makeRoom({ roomId: 11, gridId: 21, nx: 12, ny: 12, name: 'Propagation' }),
      makeRoom({ roomId: 12, gridId: 22, nx: 22, ny: 24, name: 'Flower Room A' }),
      makeRoom({ roomId: 13, gridId: 23, nx: 4, ny: 8, name: 'Mother Stock' }),
    ];
    expect(rooms.flatMap((r) => r.grids.flatMap((g) => g.grid_boxes))).toHaveLength(704);
    const api = offlineServer({ location: 'Westland', rooms, batches: 8 });
    const { http, HttpResponse } = await import('msw');
    const { API } = await import('../../testing/msw-server');
    const weather = () => HttpResponse.json({ status: 'error', message: 'not set up' }, { status: 503 });
    server.use(http.get(`${API}/weather/todays_weather`, weather), http.get(`${API}/weather/weather_range`, weather), ...api.handlers);

    const first = await prefetchForOffline(newClient(), { companyId: 3, userId: 7 });
    expect(first?.state).toBe('ready');
    // Every box's sub-boxes are on the device, though no box was asked one by one: a copy in columns per grid.
    const perBox = () => db.cachedAnswers.where('key').startsWith(JSON.stringify(['rooms', 3, 'sub-boxes']).slice(0, -1)).count();
    expect(await perBox()).toBe(0);
    expect(await db.cachedAnswers.where('key').startsWith(JSON.stringify(['offline-fill', 3, 'grid-sub-boxes']).slice(0, -1)).count()).toBe(3);
    // The counted paths, and the two weather reads.
    const firstRequests = api.total() + 2;
    expect(firstRequests).toBeLessThan(60);
    expect(api.requests.get('/offline_room_bundle')).toBe(3);
    expect(api.requests.get('/offline_batches_bundle')).toBe(1);

    // Nothing changed: every room answers 304 and the copies stay.
    const second = await prefetchForOffline(newClient(), { companyId: 3, userId: 7 });
    expect(second?.state).toBe('ready');
    expect(api.room.notModified).toBe(3);
    expect(api.requests.get('/offline_room_bundle')).toBe(6);
    restoreOnline = setOnline(false);
    const subsOffline = async () => ((await newClient().fetchQuery(subBoxesQuery(3, 2_200_001, 22) as never)) as { total_count: number }).total_count;
    expect(await subsOffline()).toBe(1);
    restoreOnline();
    restoreOnline = null;
    // The box opened online afterwards (its single read knows no sub-box): its own copy is newer and wins offline.
    await newClient().fetchQuery(subBoxesQuery(3, 2_200_001, 22) as never);
    await savesSettled();
    expect(await perBox()).toBe(1);
    restoreOnline = setOnline(false);
    expect(await subsOffline()).toBe(0);
    restoreOnline();
    restoreOnline = null;

    // A room changed: its bundle is read in full again.
    api.room.version++;
    await prefetchForOffline(newClient(), { companyId: 3, userId: 7 });
    expect(api.room.notModified).toBe(3);
    // The refill replaced the box's own copy with its grid's newer one.
    expect(await perBox()).toBe(0);
    restoreOnline = setOnline(false);
    expect(await subsOffline()).toBe(1);
  });

  it('sign-out wipes every local copy of company data but keeps the queues', async () => {
    const api = offlineServer();
    server.use(...api.handlers);
    await prefetchForOffline(newClient(), { companyId: 3, userId: 7 });
    await db.createRoomQueue.add({ id: 'q1', name: 'Bay 9', description: '', companyID: 3 });
    expect(await db.cachedAnswers.count()).toBeGreaterThan(20);

    await forgetOfflineData();

    for (const table of ['rooms', 'grids', 'grid_boxes', 'room_grid', 'formTemplates', 'formFields', 'problemColorMapping', 'cachedAnswers', 'cachedImages', 'offlineReadiness'] as const) {
      expect(await db[table].count(), table).toBe(0);
    }
    expect(await db.createRoomQueue.count()).toBe(1);
  });
});

describe('when a fill starts', () => {
  const ready = { companyId: 3, userId: 7, state: 'ready' as const, done: 9, total: 9, doneSteps: [], startedAt: 0, readyAt: 1_000_000, failedSteps: [] };
  it('fills a device never filled, filled for another user, or left partly filled', () => {
    expect(shouldPrefetch('start', undefined, 7, 1_000_000)).toBe(true);
    expect(shouldPrefetch('start', { ...ready, userId: 8 }, 7, 1_000_001)).toBe(true);
    expect(shouldPrefetch('start', { ...ready, state: 'incomplete' }, 7, 1_000_001)).toBe(true);
    expect(shouldPrefetch('start', { ...ready, state: 'running' }, 7, 1_000_001)).toBe(true);
  });
  it('a reload right after a fill does not refill; an older one does; "Update now" always does', () => {
    expect(shouldPrefetch('start', ready, 7, 1_000_000 + FRESH_ENOUGH_MS - 1)).toBe(false);
    expect(shouldPrefetch('start', ready, 7, 1_000_000 + FRESH_ENOUGH_MS + 1)).toBe(true);
    expect(shouldPrefetch('manual', ready, 7, 1_000_001)).toBe(true);
  });
  it('coming back online refills only after a long gap', () => {
    expect(shouldPrefetch('online', ready, 7, 1_000_000 + LONG_GAP_MS - 1)).toBe(false);
    expect(shouldPrefetch('online', ready, 7, 1_000_000 + LONG_GAP_MS + 1)).toBe(true);
  });
});
