import type { cropsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './crops.service.js';

export const cropsHandlers: Handlers<typeof cropsEndpoints> = {
  getCrops: ({ app, user }) => service.listCrops(app, user),
  saveCrop: ({ app, user, input }) => service.saveCrop(app, user, input),
  deleteCrop: ({ app, user, input }) => service.deleteCrop(app, user, input.crop_id),
};
