import { z } from 'zod';
import { absentIfBlank } from '../common/list-field.js';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { Id } from '../common/fields.js';
import {
  ActionResult,
  BoxCircles,
  BoxProblems,
  ProblemActionField,
  ProblemObservation,
  ProblemSummary,
  unresolvedProblemsMessages as msg,
} from './unresolved-problems.schemas.js';

// Scouts resolve what they treat: reads and actions are open to every role.
const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const ProblemType = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' });

export const unresolvedProblemsEndpoints = {
  getUnresolvedProblemsForGrid: defineEndpoint({
    id: 'getUnresolvedProblemsForGrid', domain: 'unresolved_problems', method: 'GET', path: '/get_unresolved_problems_for_grid',
    summary: 'Open problems of a grid, per box (only boxes with open problems are listed)',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ grid_id: absentIfBlank(Id) }),
    response: success({ data: z.object({ GridID: z.number(), total_open: z.number(), Boxes: z.array(BoxProblems) }) }),
    clientMessages: { gridRequired: msg.gridRequired },
  }),
  getUnresolvedProblemsByType: defineEndpoint({
    id: 'getUnresolvedProblemsByType', domain: 'unresolved_problems', method: 'GET', path: '/get_unresolved_problems_by_type',
    summary: 'Open observations of one problem (case-insensitive) in a room or a grid (both given: the grid, which must be in the room)',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ problemType: ProblemType, roomID: absentIfBlank(Id), gridID: absentIfBlank(Id) }),
    response: success({ problemType: z.string(), problems: z.array(ProblemObservation) }),
  }),
  getUnresolvedProblemsForGridbox: defineEndpoint({
    id: 'getUnresolvedProblemsForGridbox', domain: 'unresolved_problems', method: 'GET', path: '/get_unresolved_problems_for_gridbox',
    summary: 'Open observations of one grid box, newest first',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ gridbox_id: absentIfBlank(Id) }),
    response: success({ GridBoxID: z.number(), problems: z.array(ProblemObservation) }),
    clientMessages: { gridboxRequired: msg.gridboxRequired },
  }),
  getUnresolvedProblemsForRoom: defineEndpoint({
    id: 'getUnresolvedProblemsForRoom', domain: 'unresolved_problems', method: 'GET', path: '/get_unresolved_problems_for_room',
    summary: 'Open observations of a room (its own and its grids\u2019), newest first, with a summary per problem',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ room_id: absentIfBlank(Id) }),
    response: success({ RoomID: z.number(), problems: z.array(ProblemObservation), summary: z.array(ProblemSummary) }),
    clientMessages: { roomRequired: msg.roomRequired },
  }),
  getUnresolvedProblemsForGridCircles: defineEndpoint({
    id: 'getUnresolvedProblemsForGridCircles', domain: 'unresolved_problems', method: 'GET', path: '/get_unresolved_problems_for_grid_circles',
    summary: "Per box of a grid, one circle per open problem in the company's colour and abbreviation (else the library colour)",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ grid_id: absentIfBlank(Id) }),
    response: success({ data: z.object({ GridID: z.number(), Boxes: z.array(BoxCircles) }) }),
    clientMessages: { gridRequired: msg.gridRequired },
  }),
  manageProblemsByTypeRoom: defineEndpoint({
    id: 'manageProblemsByTypeRoom', domain: 'unresolved_problems', method: 'POST', path: '/manage_problems_by_type_room',
    summary: 'Resolve or dismiss every open observation of one problem in a room; reopen those closed in the last 24 h',
    auth: anyone, tenancy: { user: ['userID'], resource: true },
    either: z.object({ roomID: Id, problemType: ProblemType, action: ProblemActionField, userID: Id }),
    response: success(ActionResult.shape),
  }),
  manageProblemsByTypeGrid: defineEndpoint({
    id: 'manageProblemsByTypeGrid', domain: 'unresolved_problems', method: 'POST', path: '/manage_problems_by_type_grid',
    summary: 'Resolve or dismiss every open observation of one problem in a grid; reopen those closed in the last 24 h',
    auth: anyone, tenancy: { user: ['userID'], resource: true },
    either: z.object({ gridID: Id, problemType: ProblemType, action: ProblemActionField, userID: Id }),
    response: success(ActionResult.shape),
  }),
  updateUnresolvedProblemsForGrid: defineEndpoint({
    id: 'updateUnresolvedProblemsForGrid', domain: 'unresolved_problems', method: 'POST', path: '/update_unresolved_problems_for_grid',
    summary: 'Resolve or dismiss every open observation of a grid; reopen those closed in the last 24 h',
    auth: anyone, tenancy: { user: ['userID'], resource: true },
    either: z.object({ gridID: Id, action: ProblemActionField, userID: Id }),
    response: success(ActionResult.shape),
  }),
  manageProblem: defineEndpoint({
    id: 'manageProblem', domain: 'unresolved_problems', method: 'POST', path: '/manage_problem',
    summary: 'Resolve, dismiss or reopen one observation (problemID); reopen works at any age',
    auth: anyone, tenancy: { user: ['userID'], resource: true },
    either: z.object({ problemID: Id, action: ProblemActionField, userID: Id }),
    response: success({ message: z.string(), action: ActionResult.shape.action, problem: ProblemObservation }),
  }),
  updateUnresolvedProblemsForRoom: defineEndpoint({
    id: 'updateUnresolvedProblemsForRoom', domain: 'unresolved_problems', method: 'POST', path: '/update_unresolved_problems_for_room',
    summary: 'Resolve or dismiss every open observation of a room (its own and its grids\u2019); reopen those closed in the last 24 h',
    auth: anyone, tenancy: { user: ['userID'], resource: true },
    either: z.object({ roomID: Id, action: ProblemActionField, userID: Id }),
    response: success(ActionResult.shape),
  }),
};
