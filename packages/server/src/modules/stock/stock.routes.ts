import type { stockEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './stock.service.js';

export const stockHandlers: Handlers<typeof stockEndpoints> = {
  getStock: ({ app, user }) => service.getStock(app, user),
  getStockWarnings: ({ app, user }) => service.getWarnings(app, user),
  getStockMovements: ({ app, user, input }) => service.getMovements(app, user, input),
  receiveStock: ({ app, user, input }) => service.receive(app, user, input),
  stocktake: ({ app, user, input }) => service.stocktake(app, user, input),
  setStockThreshold: ({ app, user, input }) => service.setThreshold(app, user, input),
  exportStock: async ({ app, user, input, reply }) => {
    const { csv, filename } = await service.exportCsv(app, user, input.product_id);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-cache');
    return Buffer.from(csv, 'utf8');
  },
};
