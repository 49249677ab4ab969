import type { FastifyInstance } from 'fastify';
import { observationsEndpoints, unresolvedProblemsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { unresolvedProblemsHandlers } from './unresolved-problems.routes.js';
import { observationListHandlers } from './observation-list.routes.js';

export { openProblemsByBox, forRoom, forGridbox, forGridboxes, circlesForGrid } from './unresolved-problems.service.js';

export async function unresolvedProblemsModule(app: FastifyInstance) {
  registerEndpoints(app, unresolvedProblemsEndpoints, unresolvedProblemsHandlers);
  registerEndpoints(app, observationsEndpoints, observationListHandlers);
}
