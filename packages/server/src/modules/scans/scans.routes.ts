import { DEFAULT_AI_MODEL, type scansEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { describeModel, offeredModels } from '../../lib/vision/models.js';
import { getCompanySetting } from '../company_settings/company-settings.service.js';
import * as scans from './scans.service.js';

export const scansHandlers: Handlers<typeof scansEndpoints> = {
  createScan: ({ app, user, input }) => scans.createScan(app, user, input),
  getScanHistory: ({ app, user, input }) => scans.scanHistory(app, user, input),
  getScanDetails: ({ app, user, input }) => scans.scanDetails(app, user, input),
  reviewScanDetection: ({ app, user, input }) => scans.reviewDetection(app, user, input),
  exportScanExamples: ({ app, user, input }) => scans.exportExamples(app, user, input),
  deleteScan: ({ app, user, input }) => scans.deleteScan(app, user, input),
  getAiModels: async ({ app, user, input }) => ({
    status: 'success',
    models: (await offeredModels(app.config.aiModelDir, app.log)).map(describeModel),
    default_model: DEFAULT_AI_MODEL,
    ai_model: await getCompanySetting(app, user, input.company_id, 'ai_model'),
  }),
};
