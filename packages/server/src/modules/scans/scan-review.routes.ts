import type { scanReviewEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as review from './scan-review.service.js';
import * as quality from './scan-quality.service.js';

export const scanReviewHandlers: Handlers<typeof scanReviewEndpoints> = {
  correctScanDetection: ({ app, user, input }) => review.correctDetection(app, user, input),
  addScanDetection: ({ app, user, input }) => review.addDetection(app, user, input),
  getScanQuality: ({ app, user, input }) => quality.scanQuality(app, user, input),
  getScanModelAgreement: ({ app, user, input }) => quality.scanModelAgreement(app, user, input),
};
