import type { facilityTransferEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { laggingReads } from '../../lib/deps.js';
import * as transfer from './facility-transfer.service.js';
import * as observations from './observation-transfer.service.js';
import * as jobs from './import-jobs.service.js';

export const facilityTransferHandlers: Handlers<typeof facilityTransferEndpoints> = {
  exportFacility: async ({ app, user, input, reply }) => {
    // An export may lag a few seconds behind: the replica when one is set.
    const made = transfer.exportFacility(laggingReads(app), user, input);
    reply.type(made.contentType).header('content-disposition', `attachment; filename="${made.filename}"`).header('cache-control', 'private, no-store');
    return made.stream;
  },
  importFacility: ({ app, user, input }) => transfer.importFacility(app, user, input),
  listFacilityImports: ({ app, user, input }) => transfer.listImports(app, user, input.company_id, input.limit),
  undoFacilityImport: ({ app, user, input }) => transfer.undoImport(app, user, input.import_id),
  exportObservations: async ({ app, user, input, reply }) => {
    const made = await observations.exportObservations(laggingReads(app), user, input);
    reply.type(made.contentType).header('content-disposition', `attachment; filename="${made.filename}"`).header('cache-control', 'private, no-store');
    return made.stream;
  },
  importObservations: ({ app, user, input }) => observations.importObservations(app, user, input),
  listObservationImports: ({ app, user, input }) => observations.listImports(app, user, input.company_id, input.limit),
  undoObservationImport: ({ app, user, input }) => observations.undoImport(app, user, input.import_id),
  startImportJob: ({ app, user, input }) => jobs.startImportJob(app, user, input),
  getImportJob: ({ app, user, input }) => jobs.getImportJob(app, user, input),
};
