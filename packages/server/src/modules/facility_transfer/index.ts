import type { FastifyInstance } from 'fastify';
import { facilityTransferEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { facilityTransferHandlers } from './facility-transfer.routes.js';
import { importJobsSettled, resumeImportJobs } from './import-jobs.service.js';

export async function facilityTransferModule(app: FastifyInstance) {
  registerEndpoints(app, facilityTransferEndpoints, facilityTransferHandlers);
  // Jobs a stopped process left are run again once the app is ready; the database closes after the running ones end.
  app.addHook('onReady', async () => {
    void resumeImportJobs(app).catch((err: unknown) => app.log.error({ err }, 'import jobs not resumed'));
  });
  app.addHook('preClose', () => importJobsSettled(app.db));
}
