import type { sprayProductsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './spray-products.service.js';

export const sprayProductsHandlers: Handlers<typeof sprayProductsEndpoints> = {
  addSprayProduct: ({ app, user, input }) => service.addProduct(app, user, input),
  updateSprayProduct: ({ app, user, input }) => service.updateProduct(app, user, input),
  deleteProduct: ({ app, user, input }) => service.deleteProduct(app, user, input.product_id),
  getProductNames: ({ app, user }) => service.listNames(app, user),
  getProductDetails: ({ app, user }) => service.listDetails(app, user),
  getSprayProductLabel: async ({ app, user, input, reply }) => {
    const label = await service.labelFile(app, user, input.product_id);
    reply.type('application/pdf')
      .header('content-disposition', `inline; filename="${label.filename.replace(/"/g, '')}"`)
      .header('cache-control', 'private, no-cache');
    return label.data;
  },
};
