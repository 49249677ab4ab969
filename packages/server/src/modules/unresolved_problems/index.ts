import type { FastifyInstance } from 'fastify';
import { unresolvedProblemsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { unresolvedProblemsHandlers } from './unresolved-problems.routes.js';

export { openProblemsByBox } from './unresolved-problems.service.js';

export async function unresolvedProblemsModule(app: FastifyInstance) {
  registerEndpoints(app, unresolvedProblemsEndpoints, unresolvedProblemsHandlers);
}
