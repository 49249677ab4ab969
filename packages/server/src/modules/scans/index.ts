import type { FastifyInstance } from 'fastify';
import { scanModelsEndpoints, scanReviewEndpoints, scansEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { scansHandlers } from './scans.routes.js';
import { scanReviewHandlers } from './scan-review.routes.js';
import { scanModelsHandlers } from './scan-models.routes.js';

export async function scansModule(app: FastifyInstance) {
  registerEndpoints(app, scansEndpoints, scansHandlers);
  registerEndpoints(app, scanReviewEndpoints, scanReviewHandlers);
  registerEndpoints(app, scanModelsEndpoints, scanModelsHandlers);
}
