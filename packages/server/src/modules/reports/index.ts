import type { FastifyInstance } from 'fastify';
import { reportsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { reportsHandlers } from './reports.routes.js';
import { startObservationDaysCompaction } from './observation-days.compaction.js';

export async function reportsModule(app: FastifyInstance) {
  registerEndpoints(app, reportsEndpoints, reportsHandlers);
  if (app.boss) await startObservationDaysCompaction(app.db, app.boss, app.log);
}
