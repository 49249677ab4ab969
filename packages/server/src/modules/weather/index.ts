import type { FastifyInstance } from 'fastify';
import { weatherEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { weatherHandlers } from './weather.routes.js';

export async function weatherModule(app: FastifyInstance) {
  registerEndpoints(app, weatherEndpoints, weatherHandlers);
}

/** For crop registration's temperature sums (issue 24): the company location's daily means, fetched and kept here. */
export { dailyMeanTemperatures, type MeansGap } from './weather.service.js';
