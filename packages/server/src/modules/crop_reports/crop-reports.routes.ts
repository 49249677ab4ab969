import type { cropReportsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './crop-reports.service.js';

export const cropReportsHandlers: Handlers<typeof cropReportsEndpoints> = {
  getCropStatusReport: ({ app, user, input }) => service.cropStatusReport(app, user, input),
  getPlantCountReport: ({ app, user, input }) => service.plantCountReport(app, user, input),
  cropAvailabilityReport: ({ app, user, input }) => service.cropAvailabilityReport(app, user, input),
  getCropStatusByVariety: ({ app, user, input }) => service.cropStatusByVariety(app, user, input),
};
