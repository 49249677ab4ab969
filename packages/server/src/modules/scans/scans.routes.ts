import { DEFAULT_AI_MODEL, utcDate, type scansEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { describeModel, offeredModels } from '../../lib/vision/models.js';
import { getCompanySetting } from '../company_settings/company-settings.service.js';
import * as scans from './scans.service.js';
import { reviewDetection } from './scan-review.service.js';
import { exportExamples } from './scan-export.js';

export const scansHandlers: Handlers<typeof scansEndpoints> = {
  createScan: ({ app, user, input }) => scans.createScan(app, user, input),
  getScanHistory: ({ app, user, input }) => scans.scanHistory(app, user, input),
  getScanDetails: ({ app, user, input }) => scans.scanDetails(app, user, input),
  reviewScanDetection: ({ app, user, input }) => reviewDetection(app, user, input),
  exportScanExamples: async ({ app, user, input, reply }) => {
    const made = await exportExamples(app, user, input);
    const day = utcDate();
    // The counts let the web app say what is coming while the zip streams (its length is not known in advance).
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="verdant-labelled-examples-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .header('x-export-images', String(made.images))
      .header('x-export-annotations', String(made.annotations));
    return made.stream;
  },
  markScanChecked: ({ app, user, input }) => scans.markChecked(app, user, input),
  deleteScan: ({ app, user, input }) => scans.deleteScan(app, user, input),
  getAiModels: async ({ app, user, input }) => ({
    status: 'success',
    models: (await offeredModels(app.config.aiModelDir, app.log)).map(describeModel),
    default_model: DEFAULT_AI_MODEL,
    ai_model: await getCompanySetting(app, user, input.company_id, 'ai_model'),
  }),
};
