import type { batchProblemsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { createBatchProblem, listBatchProblems, resolveBatchProblems } from './batch-problems.service.js';

export const batchProblemsHandlers: Handlers<typeof batchProblemsEndpoints> = {
  createBatchProblem: ({ app, user, input }) => createBatchProblem(app, user, input),
  resolveBatchProblem: ({ app, user, input }) => resolveBatchProblems(app, user, input),
  getBatchProblems: ({ app, user, input }) => listBatchProblems(app, user, input),
};
