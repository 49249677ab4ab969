import {
  batchesEndpoints,
  batchProblemsEndpoints,
  gridsEndpoints,
  offlineFillEndpoints as ep,
  OFFLINE_BATCHES_MAX,
  batchPlantsAnswerOf,
  roomScrollEndpoints,
  unresolvedProblemsEndpoints,
  type EndpointConfig,
  type EndpointOutput,
} from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { ApiError } from './api-error';
import { responseSchema } from './endpoint-schemas';

export { OFFLINE_BATCHES_MAX };

/**
 * A bulk answer's part, parsed with the answer schema of the single endpoint it stands for (as callEndpoint
 * parses that endpoint's own answer), so what is stored is what the single read would have stored.
 */
async function parsePart<E extends EndpointConfig>(endpoint: E, value: unknown): Promise<EndpointOutput<E>> {
  const parsed = (await responseSchema(endpoint)).safeParse(value);
  if (!parsed.success) {
    console.error(`Unexpected part of a bulk answer for ${endpoint.method} ${endpoint.path}`, parsed.error.issues);
    throw new ApiError('Unexpected response from server');
  }
  return parsed.data as EndpointOutput<E>;
}

const up = unresolvedProblemsEndpoints;

/**
 * GET /offline_room_bundle (company_id, room_id): everything the fill keeps of one room, each part as its
 * own endpoint answers it. With the ETag of the device's last copy, an unchanged room answers 304: null.
 */
export async function getOfflineRoomBundle(companyId: number, roomId: number, etag?: string) {
  let bundle;
  try {
    bundle = await callEndpoint(ep.getOfflineRoomBundle, { company_id: companyId, room_id: roomId }, undefined, {
      headers: etag ? { 'If-None-Match': etag } : {},
    });
  } catch (err) {
    if (etag && err instanceof ApiError && err.status === 304) return null;
    throw err;
  }
  if (!bundle) throw new ApiError('Unexpected response from server');
  return {
    etag: bundle.etag,
    problems: await parsePart(up.getUnresolvedProblemsForRoom, bundle.problems),
    backgrounds: await parsePart(gridsEndpoints.getGridBackground, bundle.backgrounds),
    scroll: bundle.scroll ? await parsePart(roomScrollEndpoints.getRoomScroll, bundle.scroll) : undefined,
    batches: bundle.batches ? await parsePart(batchesEndpoints.getBatchesByRoom, bundle.batches) : undefined,
    circles: await Promise.all(
      bundle.circles.map(async (c) => ({ grid_id: c.grid_id, answer: await parsePart(up.getUnresolvedProblemsForGridCircles, c.answer) })),
    ),
    box_problems: await Promise.all(
      bundle.box_problems.map(async (p) => ({ gridbox_id: p.gridbox_id, answer: await parsePart(up.getUnresolvedProblemsForGridbox, p.answer) })),
    ),
    // Each grid's sub-boxes in columns, checked by the bundle's own schema (offline-fill.columns.ts).
    sub_boxes: bundle.sub_boxes,
  };
}

/** GET /offline_batches_bundle (company_id, batch_ids, end_date): the batch screens' reads of up to OFFLINE_BATCHES_MAX batches. */
export async function getOfflineBatchesBundle(companyId: number, batchIds: readonly number[], endDate: string) {
  const answer = await callEndpoint(ep.getOfflineBatchesBundle, { company_id: companyId, batch_ids: batchIds.join(','), end_date: endDate });
  return {
    batches: await Promise.all(
      answer.batches.map(async (b) => ({
        batch_id: b.batch_id,
        detail: await parsePart(batchesEndpoints.batchQrInfo, b.detail),
        problems: await parsePart(batchProblemsEndpoints.getBatchProblems, b.problems),
        open_problems: await parsePart(batchProblemsEndpoints.getBatchProblems, b.open_problems),
        dashboard: await parsePart(batchesEndpoints.getBatchDashboard, b.dashboard),
        rooms: await parsePart(batchesEndpoints.getRoomsByBatch, b.rooms),
        // In columns, checked by the bundle's own schema: the single read's answer again (offline-fill.columns.ts).
        plants: batchPlantsAnswerOf(b.plants),
      })),
    ),
    room_histories: await Promise.all(
      answer.room_histories.map(async (h) => ({ room_id: h.room_id, answer: await parsePart(batchesEndpoints.getBatchHistoryByRoom, h.answer) })),
    ),
  };
}
