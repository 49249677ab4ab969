import { unresolvedProblemsEndpoints as ep, unresolvedProblemsMessages as msg, type ProblemAction } from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

type MaybeId = number | null | undefined;

function need(id: MaybeId, message: string): number {
  if (!id) throw new ApiError(message);
  return id;
}

/** GET /get_unresolved_problems_for_grid?grid_id: open observations per box (boxes without any are left out). */
export async function getUnresolvedProblemsForGrid(gridId: MaybeId) {
  return (await callEndpoint(ep.getUnresolvedProblemsForGrid, { grid_id: need(gridId, msg.gridRequired) })).data;
}

/** GET /get_unresolved_problems_by_type?problemType&roomID|gridID. */
export async function getUnresolvedProblemsByType(problemType: string, place: { roomID?: number; gridID?: number }) {
  if (!place.roomID && !place.gridID) throw new ApiError(msg.placeRequired);
  return (await callEndpoint(ep.getUnresolvedProblemsByType, { problemType, ...place })).problems;
}

/** GET /get_unresolved_problems_for_gridbox?gridbox_id: the box's open observations, newest first. */
export async function getUnresolvedProblemsForGridbox(gridboxId: MaybeId) {
  return (await callEndpoint(ep.getUnresolvedProblemsForGridbox, { gridbox_id: need(gridboxId, msg.gridboxRequired) })).problems;
}

/** GET /get_unresolved_problems_for_room?room_id: the room's open observations and a summary per problem. */
export async function getUnresolvedProblemsForRoom(roomId: MaybeId) {
  return callEndpoint(ep.getUnresolvedProblemsForRoom, { room_id: need(roomId, msg.roomRequired) });
}

/** GET /get_unresolved_problems_for_grid_circles?grid_id: per box, a circle per open problem (colour, abbreviation). */
export async function getUnresolvedProblemsForGridCircles(gridId: MaybeId) {
  return (await callEndpoint(ep.getUnresolvedProblemsForGridCircles, { grid_id: need(gridId, msg.gridRequired) })).data;
}

/** POST /manage_problem: problemID (the observation's id), action, userID. */
export function manageProblem(problemId: number, action: ProblemAction, userId: number) {
  return callEndpoint(ep.manageProblem, { problemID: problemId, action, userID: userId });
}

/** POST /manage_problems_by_type_room: every open observation of one problem in a room. */
export function manageProblemsByTypeRoom(roomId: MaybeId, problemType: string, action: ProblemAction, userId: number) {
  return callEndpoint(ep.manageProblemsByTypeRoom, { roomID: need(roomId, msg.roomRequired), problemType, action, userID: userId });
}

/** POST /manage_problems_by_type_grid: every open observation of one problem in a grid. */
export function manageProblemsByTypeGrid(gridId: MaybeId, problemType: string, action: ProblemAction, userId: number) {
  return callEndpoint(ep.manageProblemsByTypeGrid, { gridID: need(gridId, msg.gridRequired), problemType, action, userID: userId });
}

/** POST /update_unresolved_problems_for_grid: every open observation of a grid. */
export function updateUnresolvedProblemsForGrid(gridId: MaybeId, action: ProblemAction, userId: number) {
  return callEndpoint(ep.updateUnresolvedProblemsForGrid, { gridID: need(gridId, msg.gridRequired), action, userID: userId });
}

/** POST /update_unresolved_problems_for_room: every open observation of a room (its grids included). */
export function updateUnresolvedProblemsForRoom(roomId: MaybeId, action: ProblemAction, userId: number) {
  return callEndpoint(ep.updateUnresolvedProblemsForRoom, { roomID: need(roomId, msg.roomRequired), action, userID: userId });
}
