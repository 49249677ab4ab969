import type { FastifyInstance } from 'fastify';
import { batchProblemsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { batchProblemsHandlers } from './batch-problems.routes.js';

export { listBatchProblems } from './batch-problems.service.js';

export async function batchProblemsModule(app: FastifyInstance) {
  registerEndpoints(app, batchProblemsEndpoints, batchProblemsHandlers);
}
