import type { FastifyInstance } from 'fastify';
import { addDays, utcDate } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { receive, setThreshold, stocktake } from '../../modules/stock/stock.service.js';

const day = (fromToday: number) => addDays(utcDate(), fromToday);

/** The demo's lots by product name: supplier, lot number, when received and when they expire (days from today), quantity. */
const LOTS: Record<string, Array<{ lot: string; supplier: string; received: number; expires: number; quantity: number }>> = {
  'Amblyseius swirskii': [{ lot: 'SWI-2611-04', supplier: 'Koppert', received: -20, expires: 10, quantity: 500 }],
  Conserve: [
    // An old lot past its expiry that still holds some: the overview warns about it.
    { lot: 'CON-23-077', supplier: 'Corteva', received: -420, expires: -12, quantity: 0.5 },
    { lot: 'CON-25-118', supplier: 'Corteva', received: -60, expires: 400, quantity: 5 },
  ],
  Mycotal: [{ lot: 'MYC-2609-11', supplier: 'Koppert', received: -35, expires: 150, quantity: 1 }],
};

/** Low-stock levels: Conserve ends up at its level after the demo's spray, so the overview shows a low-stock warning. */
const LEVELS: Record<string, number> = { 'Amblyseius swirskii': 100, Conserve: 4, Mycotal: 0.25 };

/** Receipts and low-stock levels of the demo products, before the demo applications take their stock from them. */
export async function receiveDemoStock(app: FastifyInstance, caller: Caller, products: ReadonlyArray<{ product_id: number; name: string }>) {
  for (const p of products) {
    for (const l of LOTS[p.name] ?? []) {
      await receive(app, caller, {
        company_id: caller.company_id, product_id: p.product_id, lot_number: l.lot, supplier: l.supplier,
        received_on: day(l.received), expiry_date: day(l.expires), quantity: l.quantity,
      });
    }
    const level = LEVELS[p.name];
    if (level !== undefined) await setThreshold(app, caller, { company_id: caller.company_id, product_id: p.product_id, low_stock_threshold: level });
  }
}

/** A stocktake after the demo applications: two sachets of predatory mites found damaged, counted out with the reason. */
export async function countDemoStock(app: FastifyInstance, caller: Caller, product: { product_id: number }) {
  const lots = await app.db.selectFrom('stock_lots').select(['lot_id', 'quantity']).where('company_id', '=', caller.company_id)
    .where('product_id', '=', product.product_id).where('quantity', '>', 2).orderBy('lot_id').execute();
  const lot = lots[0];
  if (!lot) return;
  await stocktake(app, caller, {
    company_id: caller.company_id, product_id: product.product_id, counts: [{ lot_id: lot.lot_id, quantity: Number(lot.quantity) - 2 }],
    reason: 'Weekly count: 2 sachets damaged by water, thrown away',
  });
}
