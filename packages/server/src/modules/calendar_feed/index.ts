import type { FastifyInstance } from 'fastify';
import { calendarFeedEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { calendarFeedHandlers } from './calendar-feed.routes.js';

export async function calendarFeedModule(app: FastifyInstance) {
  registerEndpoints(app, calendarFeedEndpoints, calendarFeedHandlers);
}
