import type { StockLot, StockProduct, StockWarnings } from '@verdant/contract';
import { PRODUCT_UNITS } from '@verdant/contract';
import { iso } from '../../lib/iso.js';
import type { LotRow, ProductLevelRow, listMovements } from './stock.repository.js';
import { toMilli } from './stock.repository.js';

const unitOf = (u: string | null) => PRODUCT_UNITS.find((x) => x === u) ?? null;

export const toStockLot = (l: LotRow, today: string): StockLot => ({
  lot_id: l.lot_id,
  product_id: l.product_id,
  lot_number: l.lot_number,
  supplier: l.supplier,
  expiry_date: l.expiry_date,
  received_on: l.received_on,
  quantity_received: l.quantity_received,
  quantity: l.quantity,
  expired: l.expiry_date !== null && l.expiry_date < today,
});

/** A product's stock from its row and its lots; on hand is counted in thousandths so it is exact. */
export function toStockProduct(p: ProductLevelRow, lots: LotRow[], today: string): StockProduct {
  const shortfall = p.shortfall ?? 0;
  const onHand = (lots.reduce((sum, l) => sum + toMilli(l.quantity), 0) - toMilli(shortfall)) / 1000;
  const threshold = p.low_stock_threshold ?? null;
  return {
    product_id: p.product_id,
    name: p.name,
    unit: unitOf(p.unit),
    on_hand: onHand,
    shortfall,
    low_stock_threshold: threshold,
    // At or below the level: that is when a grower reorders.
    low: threshold !== null && onHand <= threshold,
    lots: lots.map((l) => toStockLot(l, today)),
  };
}

export function toWarnings(products: StockProduct[]): StockWarnings {
  return {
    low_stock: products.filter((p) => p.low).map((p) => ({ product_id: p.product_id, name: p.name, unit: p.unit, on_hand: p.on_hand, low_stock_threshold: p.low_stock_threshold ?? 0 })),
    expired_lots: products.flatMap((p) => p.lots.filter((l) => l.expired).map((l) => ({
      lot_id: l.lot_id, product_id: p.product_id, name: p.name, lot_number: l.lot_number, expiry_date: l.expiry_date ?? '', quantity: l.quantity,
    }))),
    shortfalls: products.filter((p) => p.shortfall > 0).map((p) => ({ product_id: p.product_id, name: p.name, unit: p.unit, shortfall: p.shortfall })),
  };
}

export const toStockMovement = (m: Awaited<ReturnType<typeof listMovements>>[number]) => ({ ...m, created_at: iso(m.created_at) });
