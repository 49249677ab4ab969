import { createHash } from 'node:crypto';
import { batchPlantsColumns, sparseColumn, type OfflineBatchBundle, type OfflineGridSubBoxes, type OfflineRoomBundle } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { notFound } from '../../lib/errors.js';
import { circlesForGrid, forGridboxes, forRoom } from '../unresolved_problems/index.js';
import { gridBackgrounds } from '../grids/index.js';
import { getRoomScroll } from '../room_scroll/index.js';
import { iso } from '../../lib/iso.js';
import { batchDashboard, batchesByRoom, historyByRoom, qrInfo, roomsByBatch } from '../batches/index.js';
import { listBatchProblems } from '../batch_problems/index.js';
import { plantsOfBatches } from '../plants/index.js';
import * as repo from './offline-fill.repository.js';

/**
 * The offline fill's bulk reads (issue 19). Each part is built by the service of the endpoint it stands
 * for, with the envelope that endpoint's route adds, so a part is the same JSON as that endpoint's answer
 * (the route tests compare them) — but the room's sub-boxes, read here in two statements and sent in columns,
 * grid by grid (contract offline-fill.columns.ts: 29 MB of JSON for a 4,000-box room as one answer per box).
 * Parts read for many boxes or batches come from the owners' set-based reads (forGridboxes, plantsOfBatches).
 */
export type OfflineFillDeps = Deps<'files' | 'config' | 'log'>;

const ok = 'success' as const;
const isConsultant = (caller: Caller) => caller.user_role === 'Consultant';

/** What a room bundle holds before its version is stamped on it. */
type RoomParts = Omit<OfflineRoomBundle, 'etag'>;

/** A strong ETag of the answer's JSON text itself: any change of any part gives another one. */
export const etagOfText = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/** A room bundle and its JSON text, made once: the ETag is the hash of that text, and the text is what is sent. */
export interface RoomBundleText {
  bundle: OfflineRoomBundle;
  etag: string;
  text: string;
}

/**
 * Every box of a room's grids and their live sub-boxes, in columns grid by grid: what GET /get_sub_gridboxes
 * answers for each box (subGridboxesAnswerOf rebuilds it), in two statements for the whole room.
 */
export async function subBoxColumnsOfRoom(deps: OfflineFillDeps, companyId: number, roomId: number): Promise<OfflineGridSubBoxes[]> {
  const boxes = await repo.boxesOfRoom(deps.db, companyId, roomId);
  const rows = await repo.liveSubBoxesOfRoom(deps.db, companyId, roomId);
  // The sub-boxes come box after box: where each box's run starts and how long it is.
  const runs = new Map<number, { from: number; count: number }>();
  rows.forEach((row, i) => {
    const run = runs.get(row.parent_gridbox_id);
    if (run) run.count++;
    else runs.set(row.parent_gridbox_id, { from: i, count: 1 });
  });
  const grids: OfflineGridSubBoxes[] = [];
  let i = 0;
  while (i < boxes.length) {
    const gridId = boxes[i]!.grid_id;
    let end = i;
    while (end < boxes.length && boxes[end]!.grid_id === gridId) end++;
    const gridBoxes = boxes.slice(i, end);
    i = end;
    const subs = gridBoxes.flatMap((box) => {
      const run = runs.get(box.grid_box_id);
      return run ? rows.slice(run.from, run.from + run.count) : [];
    });
    // Instants told once each: sub-boxes made together share theirs.
    const times: string[] = [];
    const timeIndex = new Map<number, number>();
    const timeOf = (d: Date | string) => {
      const ms = (d instanceof Date ? d : new Date(d)).getTime();
      let at = timeIndex.get(ms);
      if (at === undefined) {
        at = times.push(iso(d)) - 1;
        timeIndex.set(ms, at);
      }
      return at;
    };
    grids.push({
      grid_id: gridId,
      room_id: gridBoxes[0]!.grid_room_id,
      boxes: {
        id: gridBoxes.map((b) => b.grid_box_id),
        x: gridBoxes.map((b) => b.x),
        y: gridBoxes.map((b) => b.y),
        subs: gridBoxes.map((b) => runs.get(b.grid_box_id)?.count ?? 0),
        custom_name: sparseColumn(gridBoxes.map((b) => b.custom_name)),
        color: sparseColumn(gridBoxes.map((b) => b.color)),
        status: sparseColumn(gridBoxes.map((b) => b.status)),
        culled: gridBoxes.flatMap((b, row) => (b.culled ? [row] : [])),
      },
      subs: {
        id: subs.map((s) => s.sub_gridbox_id),
        x: subs.map((s) => s.subx),
        y: subs.map((s) => s.suby),
        plant_id: subs.map((s) => s.plant_id),
        plant_uid: subs.map((s) => s.plant_uid),
        custom_name: sparseColumn(subs.map((s) => s.custom_name)),
        color: sparseColumn(subs.map((s) => s.color)),
        status: sparseColumn(subs.map((s) => s.status)),
        content: sparseColumn(subs.map((s) => s.content)),
        image_name: sparseColumn(subs.map((s) => s.image_name)),
        created: subs.map((s) => timeOf(s.created_at)),
        updated: subs.map((s) => timeOf(s.updated_at)),
      },
      times,
    });
  }
  return grids;
}

/**
 * One room's bundle. A consultant (who reaches this only for a room granted to them: the consultants'
 * guard checked room_id) gets only the parts they may read one by one: problems, backgrounds, circles,
 * box problems — not the scroll, the room's batches or sub-boxes.
 */
export async function roomBundle(deps: OfflineFillDeps, caller: Caller, companyId: number, roomId: number): Promise<RoomBundleText> {
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

  const subBoxes = staff ? await subBoxColumnsOfRoom(deps, caller.company_id, roomId) : undefined;

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
  // One JSON text: hashed for the ETag, then sent with the ETag added (not made a second time by the reply).
  const partsText = JSON.stringify(parts);
  const etag = etagOfText(partsText);
  const text = `${partsText.slice(0, -1)},"etag":${JSON.stringify(etag)}}`;
  return { bundle: { ...parts, etag }, etag, text };
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
    const problems = await listBatchProblems(deps, caller, { company_id: companyId, batch_id: batchId, include_resolved: true });
    parts.push({
      batch_id: batchId,
      detail,
      problems,
      // The open ones of that same list, in its order: what include_resolved=false reads (status 'open'), one statement fewer.
      open_problems: { ...problems, problems: problems.problems.filter((p) => p.Status === 'open') },
      dashboard: {
        status: ok,
        batch_details: await batchDashboard(deps, caller, { company_id: companyId, batch_id: batchId, ...(endDate ? { end_date: endDate } : {}) }),
      },
      rooms,
    });
  }
  // Every batch's plants in one statement (the batches were checked above: another company's is a 404 there).
  const plants = await plantsOfBatches(deps, caller, ids, true);
  // In columns: a place and an instant told once (contract offline-fill.columns.ts).
  const batches: OfflineBatchBundle[] = parts.map((part) => ({ ...part, plants: batchPlantsColumns(plants.get(part.batch_id)!) }));
  const roomHistories = [];
  for (const roomId of roomIds) {
    roomHistories.push({ room_id: roomId, answer: { status: ok, room_id: roomId, history: await historyByRoom(deps, caller, roomId) } });
  }
  return { status: ok, batches, room_histories: roomHistories };
}
