import type { unresolvedProblemsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { sendJsonText } from '../rooms/index.js';
import * as problems from './unresolved-problems.service.js';

export const unresolvedProblemsHandlers: Handlers<typeof unresolvedProblemsEndpoints> = {
  getUnresolvedProblemsForGrid: ({ app, user, input }) => problems.forGrid(app, user, input.grid_id),
  getUnresolvedProblemsByType: ({ app, user, input }) => problems.byType(app, user, input),
  getUnresolvedProblemsForGridbox: ({ app, user, input }) => problems.forGridbox(app, user, input.gridbox_id),
  getUnresolvedProblemsForRoom: async ({ app, user, input, req, reply }) => sendJsonText(app, req, reply, await problems.forRoomText(app, user, input.room_id)),
  getUnresolvedProblemsForGridCircles: ({ app, user, input }) => problems.circlesForGrid(app, user, input.grid_id),
  manageProblemsByTypeRoom: ({ app, user, input }) =>
    problems.actOnScope(app, user, { kind: 'room', id: input.roomID, problem: input.problemType }, input.action, user.user_id),
  manageProblemsByTypeGrid: ({ app, user, input }) =>
    problems.actOnScope(app, user, { kind: 'grid', id: input.gridID, problem: input.problemType }, input.action, user.user_id),
  updateUnresolvedProblemsForGrid: ({ app, user, input }) => problems.actOnScope(app, user, { kind: 'grid', id: input.gridID }, input.action, user.user_id),
  manageProblem: ({ app, user, input }) => problems.actOnObservation(app, user, input.problemID, input.action, user.user_id),
  updateUnresolvedProblemsForRoom: ({ app, user, input }) => problems.actOnScope(app, user, { kind: 'room', id: input.roomID }, input.action, user.user_id),
};
