import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CalendarDate, CompanyId, Id } from '../common/fields.js';
import { IdList } from '../batches/batch.schemas.js';
import type { unresolvedProblemsEndpoints } from '../unresolved_problems/unresolved-problems.endpoints.js';
import { OfflineBatchPlants, OfflineGridSubBoxes } from './offline-fill.columns.js';
import type { roomScrollEndpoints } from '../room_scroll/room-scroll.endpoints.js';
import type { gridsEndpoints } from '../grids/grids.endpoints.js';
import type { batchesEndpoints } from '../batches/batches.endpoints.js';
import type { batchProblemsEndpoints } from '../batch_problems/batch-problems.endpoints.js';

/**
 * Verdant extension (issue 19, "An offline fill in bulk"): the phone's offline fill reads a room, and many
 * batches, in one answer each instead of one request per grid, box and batch screen. Every part is the
 * answer of an existing single endpoint, byte for byte the same JSON, so the web stores it under that
 * endpoint's query key (docs/decisions.md, "Offline fill in bulk") — but the room's sub-boxes (kept per
 * grid) and a batch's plants, sent in columns (offline-fill.columns.ts).
 */
const anyone = { kind: 'user', roles: ALL_ROLES } as const;

/** At most this many batches per batches' bundle: a fill asks the company's batches a page at a time. */
export const OFFLINE_BATCHES_MAX = 25;

/**
 * A part: the answer of the single endpoint `E`, typed as it. Only its envelope is checked here — in the
 * built web app another endpoint module is metadata without schemas (vite-endpoint-metadata.ts) — and the
 * web parses each part with that endpoint's own answer schema (api/offline-prefetch-bundles.ts); the
 * server's route tests compare every part with the single endpoint's answer.
 */
type AnswerOf<E> = E extends { response: infer R } ? (R extends z.ZodType ? z.output<R> : never) : never;
const answer = <E>() =>
  z.custom<AnswerOf<E>>((v) => typeof v === 'object' && v !== null && (v as { status?: unknown }).status === 'success', {
    error: 'must be a successful answer',
  });

export const OfflineRoomBundle = success({
  room_id: z.number(),
  /** The answer's version (also the ETag header): sent back in If-None-Match, an unchanged room answers 304. */
  etag: z.string(),
  /** GET /get_unresolved_problems_for_room?room_id. */
  problems: answer<typeof unresolvedProblemsEndpoints.getUnresolvedProblemsForRoom>(),
  /** GET /get_grid_background?RoomID. */
  backgrounds: answer<typeof gridsEndpoints.getGridBackground>(),
  /** GET /get_room_scroll (absent for a consultant, who may not read it). */
  scroll: answer<typeof roomScrollEndpoints.getRoomScroll>().optional(),
  /** GET /get_batches_by_room?room_id (absent for a consultant). */
  batches: answer<typeof batchesEndpoints.getBatchesByRoom>().optional(),
  /** GET /get_unresolved_problems_for_grid_circles?grid_id, one per grid of the room. */
  circles: z.array(z.object({ grid_id: z.number(), answer: answer<typeof unresolvedProblemsEndpoints.getUnresolvedProblemsForGridCircles>() })),
  /** GET /get_unresolved_problems_for_gridbox?gridbox_id, one per box with an open problem. */
  box_problems: z.array(z.object({ gridbox_id: z.number(), answer: answer<typeof unresolvedProblemsEndpoints.getUnresolvedProblemsForGridbox>() })),
  /**
   * GET /get_sub_gridboxes?parent_gridbox_id of every box of the room, grid by grid in columns (absent for a
   * consultant): `subGridboxesAnswerOf` rebuilds one box's answer, the same JSON its own endpoint answers.
   */
  sub_boxes: z.array(OfflineGridSubBoxes).optional(),
});
export type OfflineRoomBundle = z.infer<typeof OfflineRoomBundle>;

export const OfflineBatchBundle = z.object({
  batch_id: z.number(),
  /** GET /batch_qr_info/{batchId}?company_id. */
  detail: answer<typeof batchesEndpoints.batchQrInfo>(),
  /** GET /get_batch_problems?batch_id&include_resolved=true. */
  problems: answer<typeof batchProblemsEndpoints.getBatchProblems>(),
  /** The same with include_resolved=false. */
  open_problems: answer<typeof batchProblemsEndpoints.getBatchProblems>(),
  /** GET /get_batch_dashboard?batch_id&end_date (no start date: the batch's own). */
  dashboard: answer<typeof batchesEndpoints.getBatchDashboard>(),
  /** GET /get_rooms_by_batch?batch_id. */
  rooms: answer<typeof batchesEndpoints.getRoomsByBatch>(),
  /** GET /get_all_plants_linked_to_batch?batch_id&include_harvested=true in columns: `batchPlantsAnswerOf` gives it back. */
  plants: OfflineBatchPlants,
});
export type OfflineBatchBundle = z.infer<typeof OfflineBatchBundle>;

export const offlineFillEndpoints = {
  getOfflineRoomBundle: defineEndpoint({
    id: 'getOfflineRoomBundle', domain: 'offline_fill', method: 'GET', path: '/offline_room_bundle',
    summary:
      "Verdant extension: everything the offline fill reads of one room (its problems, scroll, backgrounds, batches, each grid's circles, each box's open problems and sub-boxes), each part as its own endpoint answers it; 304 on If-None-Match when unchanged",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, room_id: Id }),
    /** Absent only on a 304 (If-None-Match named the room's ETag): the device's copy is current. */
    response: OfflineRoomBundle.optional(),
  }),
  getOfflineBatchesBundle: defineEndpoint({
    id: 'getOfflineBatchesBundle', domain: 'offline_fill', method: 'GET', path: '/offline_batches_bundle',
    summary: `Verdant extension: the batch screens' reads (detail, problems, open problems, dashboard, rooms, plants) of up to ${OFFLINE_BATCHES_MAX} batches, each part as its own endpoint answers it`,
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, batch_ids: IdList('batch', OFFLINE_BATCHES_MAX), end_date: CalendarDate.optional() }),
    response: success({
      batches: z.array(OfflineBatchBundle),
      /** GET /get_batch_history_by_room?room_id of every room those batches are in (the batch screen's moves). */
      room_histories: z.array(z.object({ room_id: z.number(), answer: answer<typeof batchesEndpoints.getBatchHistoryByRoom>() })),
    }),
  }),
};
