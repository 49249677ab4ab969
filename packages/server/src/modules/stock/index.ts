import type { FastifyInstance } from 'fastify';
import { stockEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { stockHandlers } from './stock.routes.js';

export async function stockModule(app: FastifyInstance) {
  registerEndpoints(app, stockEndpoints, stockHandlers);
}

/** For applications (issue 22 part 2): take what an application used from the lots, in its transaction. */
export { deductStock, type DeductStockInput, type DeductStockResult, type StockDeduction } from './stock.deduct.js';
