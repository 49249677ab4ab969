import type { FastifyInstance } from 'fastify';
import { weatherEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { weatherHandlers } from './weather.routes.js';

export async function weatherModule(app: FastifyInstance) {
  registerEndpoints(app, weatherEndpoints, weatherHandlers);
}
