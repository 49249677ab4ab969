import {
  BULK_REOPEN_WINDOW_HOURS, unresolvedProblemsMessages as msg, type ProblemAction, type EndpointInput, type EndpointOutput, type unresolvedProblemsEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, changedOnServer, notFound } from '../../lib/errors.js';
import { colorsForProblems } from '../problem_colors/index.js';
import * as repo from './unresolved-problems.repository.js';
import { inSummaryOrder, toObservation, toSummary } from './unresolved-problems.mapper.js';
import type { Deps } from '../../lib/deps.js';
import { changeObservationStatus } from '../observations/observations.service.js';

type Input<K extends keyof typeof unresolvedProblemsEndpoints> = EndpointInput<(typeof unresolvedProblemsEndpoints)[K]>;

const STATUS_AFTER = { resolve: 'resolved', dismiss: 'dismissed', reopen: 'open' } as const;

function required<T>(value: T | undefined, message: string, field: string): T {
  if (value === undefined) throw badRequest(message, field);
  return value;
}

async function room({ db }: Deps, caller: Caller, id: number) {
  if (!(await repo.findRoom(db, caller.company_id, id))) throw notFound('Room');
}
async function grid({ db }: Deps, caller: Caller, id: number) {
  if (!(await repo.findGrid(db, caller.company_id, id))) throw notFound('Grid');
}

/**
 * Open problems of a grid's boxes, grouped per box and problem: `Map<grid_box_id, summaries>`.
 * For other modules (reports, the room map); the grid must already be known to be the company's.
 */
export async function openProblemsByBox({ db }: Deps, companyId: number, gridId: number) {
  const rows = await repo.openProblemsPerBox(db, companyId, gridId);
  const out = new Map<number, ReturnType<typeof toSummary>[]>();
  for (const r of rows) out.set(r.grid_box_id, [...(out.get(r.grid_box_id) ?? []), toSummary(r)]);
  return out;
}

export async function forGrid(deps: Deps, caller: Caller, gridId: number | undefined) {
  const id = required(gridId, msg.gridRequired, 'grid_id');
  await grid(deps, caller, id);
  const rows = await repo.openObservations(deps.db, caller.company_id, { kind: 'grid', id });
  const perBox = new Map<number, repo.ObservationRow[]>();
  for (const r of rows) if (r.grid_box_id !== null) perBox.set(r.grid_box_id, [...(perBox.get(r.grid_box_id) ?? []), r]);
  const boxes = await repo.boxesOf(deps.db, [...perBox.keys()]);
  return {
    status: 'success' as const,
    data: {
      GridID: id,
      total_open: [...perBox.values()].reduce((n, list) => n + list.length, 0),
      Boxes: boxes.map((b) => ({
        GridBoxID: b.grid_box_id,
        x: b.x,
        y: b.y,
        CustomName: b.custom_name,
        problems: (perBox.get(b.grid_box_id) ?? []).map(toObservation),
      })),
    },
  };
}

export async function circlesForGrid(deps: Deps, caller: Caller, gridId: number | undefined) {
  const id = required(gridId, msg.gridRequired, 'grid_id');
  await grid(deps, caller, id);
  const [open, suspected] = await Promise.all([
    repo.problemsPerBoxJson(deps.db, caller.company_id, id, 'open'),
    repo.problemsPerBoxJson(deps.db, caller.company_id, id, 'suspected'),
  ]);
  // One spelling per problem (the last, as colorsForProblems keeps the last of a problem it is given).
  const spellings = new Map<string, string>();
  for (const b of open) for (const c of b.problems) spellings.set(c.Problem.toLowerCase(), c.Problem);
  const colors = await colorsForProblems(deps, caller.company_id, [...spellings.values()]);
  const boxes = new Map(open.map((b) => [b.grid_box_id, {
    GridBoxID: b.grid_box_id,
    x: b.x,
    y: b.y,
    circles: b.problems.map((s) => ({ ...s, ...colors.get(s.Problem.toLowerCase())! })),
    suspected: [] as Array<repo.BoxSummaryJson & { confidence: number }>,
  }]));
  // Suspected problems come apart from the circles (issue 18): a box with only those is listed with no circle.
  for (const b of suspected) {
    const box = boxes.get(b.grid_box_id);
    const list = b.problems as Array<repo.BoxSummaryJson & { confidence: number }>;
    if (box) box.suspected = list;
    else boxes.set(b.grid_box_id, { GridBoxID: b.grid_box_id, x: b.x, y: b.y, circles: [], suspected: list });
  }
  const list = [...boxes.values()];
  if (suspected.length) list.sort((a, b) => a.x - b.x || a.y - b.y);
  return { status: 'success' as const, data: { GridID: id, Boxes: list } };
}

export async function byType(deps: Deps, caller: Caller, input: Input<'getUnresolvedProblemsByType'>) {
  if (input.roomID === undefined && input.gridID === undefined) throw badRequest(msg.placeRequired, 'roomID');
  if (input.roomID !== undefined) await room(deps, caller, input.roomID);
  if (input.gridID !== undefined) await grid(deps, caller, input.gridID);
  if (input.roomID !== undefined && input.gridID !== undefined && !(await repo.gridIsInRoom(deps.db, input.gridID, input.roomID))) {
    throw notFound('Grid');
  }
  const scope: repo.Scope =
    input.gridID !== undefined ? { kind: 'grid', id: input.gridID, problem: input.problemType } : { kind: 'room', id: input.roomID!, problem: input.problemType };
  const rows = await repo.openObservations(deps.db, caller.company_id, scope);
  return { status: 'success' as const, problemType: input.problemType, problems: rows.map(toObservation) };
}

export async function forGridbox(deps: Deps, caller: Caller, boxId: number | undefined) {
  const id = required(boxId, msg.gridboxRequired, 'gridbox_id');
  if (!(await repo.findBox(deps.db, caller.company_id, id))) throw notFound('Grid box');
  const rows = await repo.openObservations(deps.db, caller.company_id, { kind: 'box', id });
  return { status: 'success' as const, GridBoxID: id, problems: rows.map(toObservation) };
}

/** Boxes whose open problems one statement reads (bound parameters stay far below PostgreSQL's limit). */
const BOXES_PER_READ = 5_000;

/**
 * forGridbox of many boxes at once, keyed by box (the offline fill's room bundle): the same answers in two
 * statements per 5,000 boxes instead of two per box. A box that is not the caller's company's is left out.
 */
export async function forGridboxes(deps: Deps, caller: Caller, boxIds: number[], perRead = BOXES_PER_READ) {
  const answers = new Map<number, Awaited<ReturnType<typeof forGridbox>>>();
  const ids = [...new Set(boxIds)];
  for (let i = 0; i < ids.length; i += perRead) {
    const boxes = await repo.findBoxes(deps.db, caller.company_id, ids.slice(i, i + perRead));
    const perBox = new Map<number, repo.ObservationRow[]>(boxes.map((b) => [b.grid_box_id, []]));
    // One statement in the single read's order (newest first): each box's list keeps that order.
    for (const r of await repo.openObservationsOfBoxes(deps.db, caller.company_id, [...perBox.keys()])) perBox.get(r.grid_box_id!)?.push(r);
    for (const [id, rows] of perBox) answers.set(id, { status: 'success' as const, GridBoxID: id, problems: rows.map(toObservation) });
  }
  return answers;
}

type RoomAnswer = EndpointOutput<(typeof unresolvedProblemsEndpoints)['getUnresolvedProblemsForRoom']>;

/**
 * A room's open problems as the answer's JSON text: the observations as the database wrote them
 * (repo.openObservationsOfRoomText; thousands in a large room, issue 19), the summary put in order here.
 */
export async function forRoomText(deps: Deps, caller: Caller, roomId: number | undefined): Promise<string> {
  const id = required(roomId, msg.roomRequired, 'room_id');
  await room(deps, caller, id);
  const { problems, summary } = await repo.openObservationsOfRoomText(deps.db, caller.company_id, id);
  return `{"status":"success","RoomID":${id},"problems":[${problems}],"summary":${JSON.stringify(inSummaryOrder(summary))}}`;
}

/** forRoomText as an object (the offline fill's room bundle). */
export async function forRoom(deps: Deps, caller: Caller, roomId: number | undefined): Promise<RoomAnswer> {
  return JSON.parse(await forRoomText(deps, caller, roomId)) as RoomAnswer;
}

/**
 * One action on every matching observation of a room or grid, in one transaction with one audit
 * event listing them. `userId` is recorded as the actor: the routes pass the signed-in caller, never the request's userID.
 */
export async function actOnScope(deps: Deps, caller: Caller, scope: Exclude<repo.Scope, { kind: 'box' }>, action: ProblemAction, userId: number, now = new Date()) {
  if (scope.kind === 'room') await room(deps, caller, scope.id);
  else await grid(deps, caller, scope.id);
  const since = new Date(now.getTime() - BULK_REOPEN_WINDOW_HOURS * 3_600_000);
  const ids = await deps.db.transaction().execute(async (trx) => {
    const chosen = await repo.lockForAction(trx, caller.company_id, scope, action, since);
    const ids = await changeObservationStatus({ db: trx }, { companyId: caller.company_id, ids: chosen, action, userId, at: now });
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: `problems.${action}`,
      entityType: scope.kind,
      entityId: scope.id,
      after: { action, problem: scope.problem ?? null, acted_by: userId, observation_ids: ids, count: ids.length },
    });
    return ids;
  });
  return { status: 'success' as const, message: msg.done[action], action, affected: ids.length, ProblemIDs: ids };
}

/** One observation: resolve/dismiss an open one, reopen a closed one (at any age); otherwise 409. */
export async function actOnObservation(deps: Deps, caller: Caller, observationId: number, action: ProblemAction, userId: number, now = new Date()) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockObservation(trx, caller.company_id, observationId);
    if (!before) throw notFound('Problem');
    // Its status now also travels as `Verdant-Current-Value`, so the outbox shows it beside the user's action.
    const changed = (message: string) => changedOnServer(message, before.status);
    if (action === 'reopen' && before.status === 'open') throw changed(msg.notClosed);
    if (action !== 'reopen' && before.status !== 'open') throw changed(msg.notOpen);
    // A suspected problem is a reviewer's to confirm or reject on its scan, not a scout's to reopen here.
    if (before.status === 'suspected') throw changed(msg.notOpen);
    await changeObservationStatus({ db: trx }, { companyId: caller.company_id, ids: [observationId], action, userId, at: now });
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: `problem.${action}`,
      entityType: 'problem_observation',
      entityId: observationId,
      before: { status: before.status },
      after: { status: STATUS_AFTER[action], problem: before.problem, acted_by: userId },
    });
  });
  const row = await repo.findObservation(deps.db, caller.company_id, observationId);
  return { status: 'success' as const, message: msg.one[action], action, problem: toObservation(row!) };
}
