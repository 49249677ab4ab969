import { createHash } from 'node:crypto';
import { SUB_GRIDBOX_MAX_ALLOWED, type OfflineBatchBundle, type OfflineRoomBundle } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { notFound } from '../../lib/errors.js';
import { circlesForGrid, forGridboxes, forRoom } from '../unresolved_problems/index.js';
import { gridBackgrounds } from '../grids/index.js';
import { getRoomScroll } from '../room_scroll/index.js';
import { listSubGridboxesOfBoxes } from '../sub_gridboxes/index.js';
import { batchDashboard, batchesByRoom, historyByRoom, qrInfo, roomsByBatch } from '../batches/index.js';
import { listBatchProblems } from '../batch_problems/index.js';
import { plantsOfBatches } from '../plants/index.js';
import * as repo from './offline-fill.repository.js';

/**
 * The offline fill's bulk reads (issue 19). Each part is built by the service of the endpoint it stands
 * for, with the envelope that endpoint's route adds, so a part is the same JSON as that endpoint's answer
 * (the route tests compare them). The bundle adds no query of its own but the room's boxes. Parts read for many
 * boxes or batches come from the owners' set-based reads (forGridboxes, listSubGridboxesOfBoxes, plantsOfBatches).
 */
export type OfflineFillDeps = Deps<'files' | 'config' | 'log'>;

const ok = 'success' as const;
const isConsultant = (caller: Caller) => caller.user_role === 'Consultant';

/** What a room bundle holds before its version is stamped on it. */
type RoomParts = Omit<OfflineRoomBundle, 'etag'>;

/** A strong ETag of the answer itself: any change of any part gives another one. */
export const etagOf = (parts: RoomParts) => `"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;

/**
 * One room's bundle. A consultant (who reaches this only for a room granted to them: the consultants'
 * guard checked room_id) gets only the parts they may read one by one: problems, backgrounds, circles,
 * box problems — not the scroll, the room's batches or sub-boxes.
 */
export async function roomBundle(deps: OfflineFillDeps, caller: Caller, companyId: number, roomId: number): Promise<OfflineRoomBundle> {
  assertOwnCompany(caller, companyId);
  const staff = !isConsultant(caller);
  // The room's own reads first: they check the room is the caller's (another company's → 404).
  const problems = await forRoom(deps, caller, roomId);
  const backgrounds = await gridBackgrounds(deps, caller, roomId);
  const scroll = staff ? await getRoomScroll(deps, caller, companyId, roomId) : undefined;
  const batches = staff ? { status: ok, room_id: roomId, batches: await batchesByRoom(deps, caller, roomId) } : undefined;

  const circles: RoomParts['circles'] = [];
  for (const grid of backgrounds.grids) circles.push({ grid_id: grid.id, answer: await circlesForGrid(deps, caller, grid.id) });
  // The boxes the map draws a circle on are those the fill keeps open problems of (as the web did), grid by grid;
  // their answers are read for all of them at once (two statements per 5,000 boxes, not two per box).
  const circled = circles.flatMap((c) => c.answer.data.Boxes.map((box) => box.GridBoxID));
  const openByBox = await forGridboxes(deps, caller, circled);
  const boxProblems: RoomParts['box_problems'] = circled.map((id) => {
    const answer = openByBox.get(id);
    // The circles named it for this company a moment ago; a box deleted since is a 404, as its own read would be.
    if (!answer) throw notFound('Grid box');
    return { gridbox_id: id, answer };
  });

  let subBoxes: RoomParts['sub_boxes'];
  if (staff) {
    subBoxes = [];
    const boxes = await repo.boxesOfRoom(deps.db, caller.company_id, roomId);
    const lists = await listSubGridboxesOfBoxes(deps, caller, boxes.map((b) => b.grid_box_id));
    for (const box of boxes) {
      const list = lists.get(box.grid_box_id);
      if (!list) continue;
      subBoxes.push({
        parent_gridbox_id: box.grid_box_id,
        answer: { status: ok, parent_gridbox: list.parent, total_count: list.totalCount, max_allowed: SUB_GRIDBOX_MAX_ALLOWED, sub_gridboxes: list.subGridboxes },
      });
    }
  }

  const parts: RoomParts = {
    status: ok,
    room_id: roomId,
    problems,
    backgrounds,
    ...(scroll ? { scroll } : {}),
    ...(batches ? { batches } : {}),
    circles,
    box_problems: boxProblems,
    ...(subBoxes ? { sub_boxes: subBoxes } : {}),
  };
  return { ...parts, etag: etagOf(parts) };
}

/** The batch screens' reads of several batches; `endDate` is the dashboard's end (the device's today). */
export async function batchesBundle(deps: OfflineFillDeps, caller: Caller, companyId: number, batchIds: number[], endDate?: string) {
  assertOwnCompany(caller, companyId);
  const ids = [...new Set(batchIds)];
  const roomIds = new Set<number>();
  const parts: Array<Omit<OfflineBatchBundle, 'plants'>> = [];
  for (const batchId of ids) {
    const detail = { status: ok, ...(await qrInfo(deps, caller, batchId)) };
    const rooms = { status: ok, data: await roomsByBatch(deps, caller, batchId) };
    for (const r of rooms.data) roomIds.add(r.RoomID);
    parts.push({
      batch_id: batchId,
      detail,
      problems: await listBatchProblems(deps, caller, { company_id: companyId, batch_id: batchId, include_resolved: true }),
      open_problems: await listBatchProblems(deps, caller, { company_id: companyId, batch_id: batchId, include_resolved: false }),
      dashboard: {
        status: ok,
        batch_details: await batchDashboard(deps, caller, { company_id: companyId, batch_id: batchId, ...(endDate ? { end_date: endDate } : {}) }),
      },
      rooms,
    });
  }
  // Every batch's plants in one statement (the batches were checked above: another company's is a 404 there).
  const plants = await plantsOfBatches(deps, caller, ids, true);
  const batches: OfflineBatchBundle[] = parts.map((part) => ({ ...part, plants: plants.get(part.batch_id)! }));
  const roomHistories = [];
  for (const roomId of roomIds) {
    roomHistories.push({ room_id: roomId, answer: { status: ok, room_id: roomId, history: await historyByRoom(deps, caller, roomId) } });
  }
  return { status: ok, batches, room_histories: roomHistories };
}
