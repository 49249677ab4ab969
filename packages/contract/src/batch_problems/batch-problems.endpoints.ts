import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { Bool } from '../sub_gridboxes/sub-gridboxes.schemas.js';
import { BatchProblem, BatchProblemRoomIds, BatchProblemSeverity, batchProblemsMessages as msg } from './batch-problems.schemas.js';

// Growers record and clear batch problems on the floor: every role may.
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;
const Text = z.string().trim().max(2000, { error: 'must be at most 2000 characters' });

export const batchProblemsEndpoints = {
  createBatchProblem: defineEndpoint({
    id: 'createBatchProblem', domain: 'batch_problems', method: 'POST', path: '/create_batch_problem',
    summary:
      "Record a problem on a batch: one open observation per room in room_ids, or one without a room. The problem type is matched to the library and the company's own problems by slug or name",
    ...anyone, tenancy: { company: ['company_id'], user: ['user_id'], resource: true },
    // Every field is optional here so that a missing one gets the spec's one sentence (the service checks them).
    either: z.object({
      batch_id: absentIfBlank(Id),
      problem_type: absentIfBlank(z.string().trim().max(200, { error: 'must be at most 200 characters' })),
      severity: absentIfBlank(BatchProblemSeverity),
      company_id: absentIfBlank(CompanyId),
      user_id: absentIfBlank(Id),
      notes: absentIfBlank(Text),
      room_ids: absentIfBlank(BatchProblemRoomIds),
    }),
    response: success({ message: z.string(), ProblemIDs: z.array(z.number()), problems: z.array(BatchProblem) }),
    clientMessages: { missingFields: msg.missingFields },
  }),
  resolveBatchProblem: defineEndpoint({
    id: 'resolveBatchProblem', domain: 'batch_problems', method: 'POST', path: '/resolve_batch_problem',
    summary: 'Resolve the open problems of a batch, optionally only in some rooms and of one type (case-insensitive, or by library slug)',
    ...anyone, tenancy: { user: ['user_id'], resource: true },
    either: z.object({
      batch_id: Id,
      user_id: Id,
      room_ids: absentIfBlank(BatchProblemRoomIds),
      problem_type: absentIfBlank(z.string().trim().max(200, { error: 'must be at most 200 characters' })),
    }),
    response: success({ message: z.string(), affected: z.number(), ProblemIDs: z.array(z.number()) }),
  }),
  getBatchProblems: defineEndpoint({
    id: 'getBatchProblems', domain: 'batch_problems', method: 'GET', path: '/get_batch_problems',
    summary: "The company's batch problems, newest first; only open ones unless include_resolved is 'true'",
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      include_resolved: Bool.default(false),
      batch_id: absentIfBlank(Id),
      room_id: absentIfBlank(Id),
      problem_type: absentIfBlank(z.string().trim().max(200, { error: 'must be at most 200 characters' })),
    }),
    response: success({ problems: z.array(BatchProblem) }),
  }),
};
