import { stockEndpoints as ep, type StockLot, type StockMovement, type StockProduct, type StockWarnings } from '@verdant/contract';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';

/** GET /stock?company_id: every product's stock and lots, with the warnings. */
export async function getStock(companyId: number): Promise<{ products: StockProduct[]; warnings: StockWarnings }> {
  const r = await callEndpoint(ep.getStock, { company_id: companyId });
  return { products: r.products, warnings: r.warnings };
}

/** GET /stock/warnings?company_id: low stock, expired lots and shortfalls (for the overview). */
export async function getStockWarnings(companyId: number): Promise<StockWarnings> {
  return (await callEndpoint(ep.getStockWarnings, { company_id: companyId })).warnings;
}

export interface ReceiptFields {
  product_id: number;
  lot_number: string;
  supplier?: string;
  expiry_date?: string;
  received_on?: string;
  quantity: number;
}

/** POST /stock/receive?company_id: a delivery becomes a lot. */
export async function receiveStock(companyId: number, fields: ReceiptFields): Promise<StockLot> {
  return (await callEndpoint(ep.receiveStock, { company_id: companyId, ...fields })).lot;
}

/** POST /stock/stocktake?company_id: counted lots with the reason. */
export async function saveStocktake(companyId: number, productId: number, counts: Array<{ lot_id: number; quantity: number }>, reason: string): Promise<StockProduct> {
  return (await callEndpoint(ep.stocktake, { company_id: companyId, product_id: productId, counts, reason })).product;
}

/** POST /stock/threshold?company_id: the low-stock level (null: none). */
export async function setStockThreshold(companyId: number, productId: number, level: number | null): Promise<StockProduct> {
  return (await callEndpoint(ep.setStockThreshold, { company_id: companyId, product_id: productId, low_stock_threshold: level })).product;
}

/** GET /stock/export?company_id: the stock per lot as CSV. */
export function exportStockCsv(companyId: number): Promise<Blob> {
  return callBinaryEndpoint(ep.exportStock, { company_id: companyId });
}

/**
 * GET /stock/movements?company_id&product_id[&before]: a page of a product's receipts, applications, stocktakes and
 * shortfalls, newest first; `next_before` asks for the older page (null: none), `total` counts them all.
 */
export async function getStockMovements(companyId: number, productId: number, before?: number): Promise<{ movements: StockMovement[]; next_before: number | null; total: number }> {
  const { movements, next_before, total } = await callEndpoint(ep.getStockMovements, { company_id: companyId, product_id: productId, ...(before ? { before } : {}) });
  return { movements, next_before, total };
}
