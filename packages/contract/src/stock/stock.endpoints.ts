import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { StockLot, StockMovement, StockProduct, StockReceipt, StockThreshold, Stocktake, StockWarnings } from './stock.schemas.js';
import { stockMessages as msg } from './stock.messages.js';

// Stock follows the product list's roles: everyone reads, admins change (docs/decisions.md).
const admins = { auth: { kind: 'user', roles: ADMIN_ROLES } } as const;
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;
const company = z.object({ company_id: CompanyId });

/** A page of a product's movements: 1 to 500, 100 by default. */
export const MOVEMENTS_PAGE = 100;
const MovementsLimit = z.coerce
  .number({ error: 'must be a whole number from 1 to 500' })
  .int({ error: 'must be a whole number from 1 to 500' })
  .min(1, { error: 'must be a whole number from 1 to 500' })
  .max(500, { error: 'must be a whole number from 1 to 500' });

export const stockEndpoints = {
  getStock: defineEndpoint({
    id: 'getStock', domain: 'stock', method: 'GET', path: '/stock',
    summary: "Every live product's stock: on hand, shortfall, low-stock level and lots (earliest expiry first), with the warnings",
    ...anyone, tenancy: { company: ['company_id'] },
    query: company,
    response: success({ products: z.array(StockProduct), warnings: StockWarnings }),
    clientMessages: { failure: msg.loadFailed },
  }),
  getStockWarnings: defineEndpoint({
    id: 'getStockWarnings', domain: 'stock', method: 'GET', path: '/stock/warnings',
    summary: 'Products under their low-stock level, lots past their expiry that still hold stock, and products used beyond their stock',
    ...anyone, tenancy: { company: ['company_id'] },
    query: company,
    response: success({ warnings: StockWarnings }),
    clientMessages: { failure: msg.loadFailed },
  }),
  getStockMovements: defineEndpoint({
    id: 'getStockMovements', domain: 'stock', method: 'GET', path: '/stock/movements',
    summary: "A product's stock movements, newest first, a page at a time: receipts, applications, stocktakes and shortfalls",
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      product_id: Id,
      /** Keyset paging: the `next_before` of the page before (movements older than it); absent for the newest page. */
      before: absentIfBlank(Id),
      limit: absentIfBlank(MovementsLimit),
    }),
    response: success({
      movements: z.array(StockMovement),
      /** Pass as `before` for the next (older) page; null when this page reaches the product's first movement. */
      next_before: z.number().nullable(),
      /** How many movements the product has in all. */
      total: z.number(),
    }),
    clientMessages: { failure: msg.loadFailed },
  }),
  receiveStock: defineEndpoint({
    id: 'receiveStock', domain: 'stock', method: 'POST', path: '/stock/receive',
    summary: 'A delivery: a new lot of a product with supplier, lot number, expiry and quantity in the product unit; audited',
    ...admins, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: { kind: 'json', schema: StockReceipt },
    response: success({ message: z.string(), lot: StockLot }),
    clientMessages: { failure: msg.receiveFailed },
  }),
  stocktake: defineEndpoint({
    id: 'stocktake', domain: 'stock', method: 'POST', path: '/stock/stocktake',
    summary: "Sets counted lots to what was counted, with a reason; settles the product's shortfall; audited",
    ...admins, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: { kind: 'json', schema: Stocktake },
    response: success({ message: z.string(), product: StockProduct }),
    clientMessages: { failure: msg.stocktakeFailed },
  }),
  setStockThreshold: defineEndpoint({
    id: 'setStockThreshold', domain: 'stock', method: 'POST', path: '/stock/threshold',
    summary: "A product's low-stock level (null: no warning); audited",
    ...admins, tenancy: { company: ['company_id'], resource: true },
    query: company,
    body: { kind: 'json', schema: StockThreshold },
    response: success({ message: z.string(), product: StockProduct }),
    clientMessages: { failure: msg.thresholdFailed },
  }),
  exportStock: defineEndpoint({
    id: 'exportStock', domain: 'stock', method: 'GET', path: '/stock/export',
    summary: 'The stock per lot as CSV (UTF-8, one row per lot; a product with no lots has one row)',
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, product_id: absentIfBlank(Id) }),
    response: 'binary',
    clientMessages: { failure: msg.exportFailed },
  }),
};
