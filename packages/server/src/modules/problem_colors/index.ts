import type { FastifyInstance } from 'fastify';
import { problemColorsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { problemColorsHandlers } from './problem-colors.routes.js';

export { colorsForProblems, type ProblemColor } from './problem-colors.service.js';

export async function problemColorsModule(app: FastifyInstance) {
  registerEndpoints(app, problemColorsEndpoints, problemColorsHandlers);
}
