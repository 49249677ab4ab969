import type { FastifyInstance } from 'fastify';
import { gridTemplatesEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { gridTemplatesHandlers } from './grid-templates.routes.js';

export async function gridTemplatesModule(app: FastifyInstance) {
  registerEndpoints(app, gridTemplatesEndpoints, gridTemplatesHandlers);
}
