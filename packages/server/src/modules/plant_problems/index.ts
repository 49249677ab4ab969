import type { FastifyInstance } from 'fastify';
import { plantProblemsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { plantProblemsHandlers } from './plant-problems.routes.js';

export async function plantProblemsModule(app: FastifyInstance) {
  registerEndpoints(app, plantProblemsEndpoints, plantProblemsHandlers);
}

export { searchProblems, type ProblemMatch } from './plant-problems.service.js';
