import type { QueryClient } from '@tanstack/react-query';
import { deviceToday, mondayOf, OBSERVATIONS_LIMIT, OBSERVATIONS_MAX_LIMIT } from '@verdant/contract';
import { db as defaultDb, type OfflineReadinessRow } from '../offline/db';
import { deleteAnswers, readAnswer, readReadiness, saveAnswer, writeReadiness } from '../offline/answer-cache';
import { browserOffline, isNetworkError } from '../offline/network';
import { loadRoomGridsBoxes } from './rooms';
import { savesSettled } from './offline-read';
import { roomKeys, gridBackgroundsQuery, gridTemplatesQuery, imageQuery, roomScrollQuery } from './queries/rooms';
import { formTemplatesQuery } from './queries/form-templates';
import { problemColorsQuery } from './queries/problem-colors';
import { colorSymptomsQuery, plantProblemsQuery, symptomGroupsQuery } from './queries/plant-problems';
import {
  batchDashboardQuery,
  batchDetailQuery,
  batchesQuery,
  batchMovesOf,
  batchMovesQuery,
  batchPlantsQuery,
  batchProblemsQuery,
  batchRoomsQuery,
  batchStatusesQuery,
  roomBatchesQuery,
} from './queries/batches';
import { boxProblemsQuery, gridCirclesQuery, roomProblemsQuery } from './queries/problems';
import { gridSubBoxesKey } from './offline-sub-boxes';
import { batchesOfRooms, forgetRoomCopies, roomEtagKey as etagKeyOf } from './offline-fill-rooms';
import { readOfflineRooms, roomsKept } from '../lib/offline-rooms';
import { observationsQuery, recentObservationsQuery } from './queries/observations';
import {
  aiModelQuery,
  autoRefreshQuery,
  gridOpacityQuery,
  gridOrderQuery,
  languageQuery,
  offlineModeQuery,
  stickyTrapQuery,
} from './queries/company-settings';
import { thresholdQuery, userDataQuery } from './queries/users';
import { companyQuery } from './queries/company';
import { READY_STATUSES, cropAvailabilityQuery, cropStatusQuery, openBatchStatuses, plantCountQuery, readyToSellQuery } from './queries/crop-reports';
import { OPEN_PROBLEMS, problemTrendsQuery } from './queries/overview';
import { scoutingCoverageQuery } from './queries/scouting-coverage';
import { dashboardReportsQuery } from './queries/saved-reports';
import { todaysWeatherQuery, weatherWeekQuery } from './queries/weather';
import { tasksQuery } from './queries/tasks';
import { usersListQuery } from './queries/users';
import { sprayProductsQuery } from './queries/treatments';
import { cropPlantingsQuery, registrationWalkQuery } from './queries/crop-registration';
import { getOfflineBatchesBundle, getOfflineRoomBundle, OFFLINE_BATCHES_MAX } from './offline-prefetch-bundles';
import {
  DEFAULT_MAX_THUMBNAILS,
  RESUME_WITHIN_MS,
  type PrefetchOptions,
  type PrefetchTarget,
} from './offline-prefetch-options';

/**
 * The fill itself (see offline-prefetch.ts). A chunk of its own, loaded when a fill starts: it pulls
 * every query factory a scout's screens use and the offline database, none of which the first screen
 * needs (initial JavaScript, issue 10).
 */

interface Step {
  name: string;
  /** Leaf reads are skipped when a resumed fill already stored them; list reads always run (they name the rest). */
  leaf: boolean;
  run: () => Promise<unknown>;
}

class Interrupted extends Error {}

/**
 * The app itself must be on the device too: the service worker is active only once its install has
 * stored the app shell and every lazy route chunk. Without a registration (development, tests) there
 * is nothing to wait for.
 */
export async function appShellStored(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (document.readyState !== 'complete') await new Promise((r) => window.addEventListener('load', r, { once: true }));
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  await navigator.serviceWorker.ready;
}

/** Lets the browser paint and handle input between requests. */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs one fill for a company and user. Resolves with the final readiness, or null when it stopped
 * early (offline, aborted) — the readiness then keeps its steps so the next fill resumes.
 */
export async function prefetchForOffline(
  queryClient: QueryClient,
  target: PrefetchTarget,
  options: PrefetchOptions = {},
): Promise<OfflineReadinessRow | null> {
  const { companyId, userId } = target;
  const database = options.database ?? defaultDb;
  const now = options.now ?? Date.now;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const maxThumbnails = options.maxThumbnails ?? DEFAULT_MAX_THUMBNAILS;

  const previous = await readReadiness(companyId, database);
  const resume =
    previous && previous.state === 'running' && previous.userId === userId && now() - previous.startedAt < RESUME_WITHIN_MS;
  const row: OfflineReadinessRow = {
    companyId,
    userId,
    state: 'running',
    done: 0,
    total: 0,
    doneSteps: resume ? [...previous.doneSteps] : [],
    startedAt: resume ? previous.startedAt : now(),
    readyAt: previous?.readyAt ?? null,
    failedSteps: [],
  };
  const alreadyDone = new Set(row.doneSteps);
  // Set when one worker stops the fill, so the others stop too instead of running on unseen.
  let halted = false;
  const stopped = () => halted || options.signal?.aborted === true || browserOffline();
  const halt = () => {
    halted = true;
    return new Interrupted();
  };

  const save = async () => {
    if (options.signal?.aborted) return;
    await writeReadiness({ ...row, doneSteps: [...row.doneSteps], failedSteps: [...row.failedSteps] }, database);
  };

  const fetch = <T>(opts: { queryKey: readonly unknown[]; queryFn?: unknown }) =>
    queryClient.fetchQuery({ ...(opts as Parameters<QueryClient['fetchQuery']>[0]), staleTime: 0, retry: false }) as Promise<T>;

  async function runSteps(steps: Step[]): Promise<void> {
    row.total += steps.length;
    let next = 0;
    const worker = async () => {
      while (next < steps.length) {
        if (stopped()) throw halt();
        const step = steps[next++]!;
        if (step.leaf && alreadyDone.has(step.name)) {
          row.done++;
          continue;
        }
        try {
          await step.run();
          // A step counts once its answers are stored on the device, not merely received.
          await savesSettled();
          if (step.leaf) row.doneSteps.push(step.name);
        } catch (err) {
          if (stopped() || isNetworkError(err) || err instanceof Interrupted) throw halt();
          console.warn(`Could not prepare ${step.name} for offline use`, err);
          row.failedSteps.push(step.name);
        }
        row.done++;
        await save();
        await breathe();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, steps.length) }, worker));
  }

  type Entry = readonly [queryKey: readonly unknown[], value: unknown];
  /**
   * A bulk answer's parts, each under the query key of the read it stands for: on the screen now, and on
   * the device (in one IndexedDB transaction) as that read's own copy, so every screen opens offline as before.
   */
  const store = async (entries: readonly Entry[], deviceOnly: readonly Entry[] = [], replaced: ReadonlyArray<readonly unknown[]> = []) => {
    if (options.signal?.aborted) return;
    for (const [key, value] of entries) queryClient.setQueryData(key, value);
    await database.transaction('rw', database.cachedAnswers, async () => {
      await deleteAnswers(replaced, database);
      await Promise.all([...entries, ...deviceOnly].map(([key, value]) => saveAnswer(companyId, key, value, database)));
    });
  };
  const roomEtagKey = (roomId: number) => etagKeyOf(companyId, roomId);

  async function fillRoom(roomId: number) {
    const known = await readAnswer<string>(companyId, roomEtagKey(roomId), database).catch(() => undefined);
    const bundle = await getOfflineRoomBundle(companyId, roomId, known?.value);
    // Unchanged since the copies on the device were stored.
    if (!bundle) return;
    const grids = bundle.sub_boxes ?? [];
    await store(
      [
        [roomProblemsQuery(companyId, roomId).queryKey, bundle.problems],
        [gridBackgroundsQuery(companyId, roomId).queryKey, bundle.backgrounds.grids],
        ...(bundle.scroll ? [[roomScrollQuery(companyId, roomId).queryKey, bundle.scroll.StartScroll] as const] : []),
        ...(bundle.batches ? [[roomBatchesQuery(companyId, roomId).queryKey, bundle.batches.batches] as const] : []),
        ...bundle.circles.map((c): Entry => [gridCirclesQuery(companyId, c.grid_id).queryKey, c.answer.data]),
        ...bundle.box_problems.map((p): Entry => [boxProblemsQuery(companyId, p.gridbox_id).queryKey, p.answer.problems]),
      ],
      // The sub-boxes stay in columns, a copy per grid (api/offline-sub-boxes.ts), in place of each box's own copy.
      grids.map((g): Entry => [gridSubBoxesKey(companyId, g.grid_id), g]),
      grids.flatMap((g) => g.boxes.id.map((boxId) => roomKeys.subBoxes(companyId, boxId))),
    );
    // Last: the ETag only ever names copies already stored.
    if (!options.signal?.aborted) await saveAnswer(companyId, roomEtagKey(roomId), bundle.etag, database);
  }

  async function fillBatches(ids: number[], today: string) {
    const answer = await getOfflineBatchesBundle(companyId, ids, today);
    const histories = new Map(answer.room_histories.map((h) => [h.room_id, h.answer.history]));
    await store(
      answer.batches.flatMap((b): Entry[] => {
        const id = b.batch_id;
        const roomIds = b.rooms.data.map((r) => r.RoomID);
        return [
          [batchDetailQuery(companyId, id).queryKey, b.detail],
          [batchProblemsQuery(companyId, id, true).queryKey, b.problems.problems],
          [batchProblemsQuery(companyId, id, false).queryKey, b.open_problems.problems],
          [batchPlantsQuery(companyId, id).queryKey, b.plants],
          [batchDashboardQuery(companyId, id, '', today).queryKey, b.dashboard.batch_details],
          [batchRoomsQuery(companyId, id).queryKey, b.rooms.data],
          ...(roomIds.length
            ? [[batchMovesQuery(companyId, id, roomIds).queryKey, batchMovesOf(id, roomIds.map((r) => histories.get(r) ?? []))] as const]
            : []),
        ];
      }),
    );
  }

  const leaf = (name: string, run: () => Promise<unknown>): Step => ({ name, leaf: true, run });

  try {
    await save();
    let rooms: Awaited<ReturnType<typeof loadRoomGridsBoxes>>['rooms'] = [];
    let batchIds: number[] = [];
    let thumbnails: string[] = [];
    await runSteps([
      { name: 'app-shell', leaf: false, run: appShellStored },
      leaf('user', () => fetch(userDataQuery(userId, companyId))),
      leaf('threshold', () => fetch(thresholdQuery(userId))),
      leaf('company', () => fetch(companyQuery(companyId))),
      leaf('settings:grid-order', () => fetch(gridOrderQuery(companyId))),
      leaf('settings:grid-opacity', () => fetch(gridOpacityQuery(companyId))),
      leaf('settings:offline-mode', () => fetch(offlineModeQuery(companyId))),
      leaf('settings:ai-model', () => fetch(aiModelQuery(companyId))),
      leaf('settings:auto-refresh', () => fetch(autoRefreshQuery(companyId))),
      leaf('settings:language', () => fetch(languageQuery(companyId))),
      leaf('settings:sticky-trap', () => fetch(stickyTrapQuery(companyId))),
      {
        name: 'rooms',
        leaf: false,
        run: async () => {
          // Waits for the local copy (the screens' loads write it in the background).
          const askedAt = Date.now();
          const answer = await loadRoomGridsBoxes(companyId, undefined, { waitForCache: true });
          if (answer.fromCache) throw new Interrupted();
          rooms = answer.rooms;
          // Saves the screen a second load, but never over a newer answer: a room created (and the list
          // reloaded) while this one was on its way must not vanish from the screen.
          const key = roomKeys.list(companyId);
          if ((queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) < askedAt) {
            queryClient.setQueryData(key, answer, { updatedAt: askedAt });
          }
        },
      },
      leaf('form-templates', () => fetch(formTemplatesQuery(companyId))),
      leaf('sub-box-templates', () => fetch(gridTemplatesQuery(companyId, 'SubGrid'))),
      leaf('problem-colours', () => fetch(problemColorsQuery(companyId))),
      leaf('library', () => fetch(plantProblemsQuery(companyId))),
      leaf('library:symptom-groups', () => fetch(symptomGroupsQuery(companyId))),
      leaf('library:colour-symptoms', () => fetch(colorSymptomsQuery(companyId))),
      {
        name: 'batches',
        leaf: false,
        run: async () => {
          batchIds = (await fetch<Array<{ BatchID: number }>>(batchesQuery(companyId))).map((b) => b.BatchID);
        },
      },
      leaf('batch-statuses', () => fetch(batchStatusesQuery(companyId))),
      // The inventory's and forecasting's reports as their screens open: small sums, the same calls.
      leaf('crop-reports:stock', () => fetch(plantCountQuery(companyId, 'crop'))),
      leaf('crop-reports:ready', () => fetch(readyToSellQuery(companyId))),
      leaf('crop-reports:ready-batches', () => fetch(cropStatusQuery(companyId, READY_STATUSES))),
      leaf('crop-reports:forecast', async () =>
        fetch(cropAvailabilityQuery(companyId, openBatchStatuses(await queryClient.ensureQueryData(batchStatusesQuery(companyId))))),
      ),
      // The overview's own reads (its harvests are the forecast above): the morning screen opens without signal.
      leaf('overview:open-problems', () => fetch(observationsQuery(companyId, OPEN_PROBLEMS))),
      // Quick observation's most-seen problems, counted from the newest observations on the device.
      leaf('quick-observation:recent', () => fetch(recentObservationsQuery(companyId, OBSERVATIONS_MAX_LIMIT))),
      leaf('overview:trends', () => fetch(problemTrendsQuery(companyId))),
      leaf('overview:pinned-reports', () => fetch(dashboardReportsQuery(companyId))),
      // Scouting coverage of every room: the overview's overdue card and the rooms list's bars.
      leaf('scouting-coverage', () => fetch(scoutingCoverageQuery(companyId))),
      // My tasks, each column of the board's first page, and the colleagues to assign a task to.
      leaf('tasks:mine:open', () => fetch(tasksQuery(companyId, { kind: 'mine', userId }, 'open'))),
      leaf('tasks:mine:in_progress', () => fetch(tasksQuery(companyId, { kind: 'mine', userId }, 'in_progress'))),
      leaf('tasks:mine:done', () => fetch(tasksQuery(companyId, { kind: 'mine', userId }, 'done'))),
      leaf('users', () => fetch(usersListQuery(companyId))),
      // The spray products: applying one on the map works with no signal (the outbox sends it later).
      leaf('spray-products', () => fetch(sprayProductsQuery(companyId))),
      // The crop registration walk of every crop planted now, this week (issue 24): measured in the greenhouse, offline.
      leaf('crop-registration:walks', async () => {
        const week = mondayOf(deviceToday(new Date(now())));
        const plantings = await fetch<Array<{ planting_id: number; start_week: string; end_week: string | null }>>(cropPlantingsQuery(companyId));
        const running = plantings.filter((p) => p.start_week <= week && (p.end_week === null || p.end_week >= week));
        for (const p of running) await fetch(registrationWalkQuery(companyId, p.planting_id, week));
      }),
      {
        name: 'observations',
        leaf: false,
        run: async () => {
          const page = await fetch<{ observations: Array<{ photos?: Array<{ thumb_url: string }> }> }>(
            observationsQuery(companyId, { limit: OBSERVATIONS_LIMIT, offset: 0 }),
          );
          thumbnails = page.observations.flatMap((o) => (o.photos ?? []).map((p) => p.thumb_url)).filter(Boolean);
        },
      },
    ]);

    // The same day the batch screen asks its dashboard up to.
    const today = deviceToday(new Date(now()));
    // The overview's weather, for the user's own location (the service may be down or not set up: no step fails for it).
    const location = queryClient.getQueryData<{ location?: string | null }>(userDataQuery(userId, companyId).queryKey)?.location?.trim() ?? '';
    const courtesy = (read: Promise<unknown>) =>
      read.catch((err: unknown) => {
        if (isNetworkError(err)) throw err;
      });
    // The rooms this device keeps (issue 19: a scout's round on a large site); the others' copies go.
    const chosen = readOfflineRooms(companyId, userId);
    const kept = roomsKept(rooms, chosen);
    const keptIds = new Set(kept.map((r) => r.RoomID));
    await forgetRoomCopies(companyId, rooms.filter((r) => !keptIds.has(r.RoomID)), database).catch((err: unknown) =>
      console.warn('Could not remove the copies of rooms not kept on this device', err),
    );
    // The batch screens, OFFLINE_BATCHES_MAX batches per request.
    const batchSteps = (ids: readonly number[]) => {
      const chunks: number[][] = [];
      for (let i = 0; i < ids.length; i += OFFLINE_BATCHES_MAX) chunks.push(ids.slice(i, i + OFFLINE_BATCHES_MAX));
      return chunks.map((chunk) => leaf(`batches:${chunk.join(',')}`, () => fillBatches(chunk, today)));
    };
    await runSteps([
      ...(location
        ? [
            leaf('weather:today', () => courtesy(fetch(todaysWeatherQuery(companyId, location, today)))),
            leaf('weather:week', () => courtesy(fetch(weatherWeekQuery(companyId, location, today)))),
          ]
        : []),
      // One request per room kept (issue 19): its problems, scroll, backgrounds, batches, every grid's circles,
      // every box's open problems and sub-boxes; 304 when nothing of it changed since the last fill.
      ...kept.map((r) => leaf(`room:${r.RoomID}`, () => fillRoom(r.RoomID))),
      // Every batch beside the rooms when every room is kept; with a choice, the kept rooms' batches after them.
      ...(chosen === null ? batchSteps(batchIds) : []),
    ]);
    if (chosen !== null) await runSteps(batchSteps(await batchesOfRooms(companyId, kept, batchIds, database)));

    await runSteps([
      // The recent observations' photo thumbnails (the full photos are fetched when opened online).
      ...[...new Set(thumbnails)].slice(0, maxThumbnails).map((url) => leaf(`thumb:${url}`, () => fetch(imageQuery(url)))),
    ]);
  } catch (err) {
    if (err instanceof Interrupted) {
      await save();
      return null;
    }
    throw err;
  }

  row.state = row.failedSteps.length ? 'incomplete' : 'ready';
  row.readyAt = now();
  row.doneSteps = [];
  row.done = row.total;
  await save();
  return options.signal?.aborted ? null : row;
}
