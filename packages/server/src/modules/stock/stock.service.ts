import { MOVEMENTS_PAGE, stockMessages as msg, todayIn, type EndpointInput, type stockEndpoints } from '@verdant/contract';
import { safeTimeZone } from '@verdant/contract/zoned-time';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findProduct } from '../spray_products/index.js';
import { companyTimeZone } from '../company_settings/company-settings.service.js';
import * as repo from './stock.repository.js';
import { toStockLot, toStockMovement, toStockProduct, toWarnings } from './stock.mapper.js';
import { csvLine } from './stock.csv.js';

type Input<K extends keyof typeof stockEndpoints> = EndpointInput<(typeof stockEndpoints)[K]>;

/** Today in the company's zone: a lot expires at the end of its expiry day where the grower is. */
async function companyToday(deps: Deps, companyId: number) {
  return todayIn(safeTimeZone(await companyTimeZone(deps, companyId)), new Date());
}

async function requireProduct(deps: Deps, caller: Caller, productId: number) {
  const product = await findProduct(deps.db, caller.company_id, productId);
  if (!product) throw notFound('Spray product');
  return product;
}

/** Every live product's stock (or one product's), with its lots. */
async function readStock(deps: Deps, companyId: number, productId?: number) {
  const today = await companyToday(deps, companyId);
  const [products, lots] = await Promise.all([repo.listProductLevels(deps.db, companyId, productId), repo.listLots(deps.db, companyId, productId)]);
  const byProduct = new Map<number, typeof lots>();
  for (const l of lots) byProduct.set(l.product_id, [...(byProduct.get(l.product_id) ?? []), l]);
  return { today, products: products.map((p) => toStockProduct(p, byProduct.get(p.product_id) ?? [], today)) };
}

export async function getStock(deps: Deps, caller: Caller) {
  const { products } = await readStock(deps, caller.company_id);
  return { status: 'success' as const, products, warnings: toWarnings(products) };
}

/** What the overview shows: low stock, expired lots holding stock, and shortfalls. */
export async function getWarnings(deps: Deps, caller: Caller) {
  const { products } = await readStock(deps, caller.company_id);
  return { status: 'success' as const, warnings: toWarnings(products) };
}

async function readOne(deps: Deps, companyId: number, productId: number) {
  const { products } = await readStock(deps, companyId, productId);
  return products[0]!;
}

/** A page of a product's movements, newest first; one more row than asked tells whether an older page exists. */
export async function getMovements(deps: Deps, caller: Caller, input: Pick<Input<'getStockMovements'>, 'product_id' | 'before' | 'limit'>) {
  await requireProduct(deps, caller, input.product_id);
  const limit = input.limit ?? MOVEMENTS_PAGE;
  const rows = await repo.listMovements(deps.db, caller.company_id, input.product_id, { before: input.before, limit: limit + 1 });
  const total = await repo.countMovements(deps.db, caller.company_id, input.product_id);
  const shown = rows.slice(0, limit);
  const next_before = rows.length > limit ? shown.at(-1)!.movement_id : null;
  return { status: 'success' as const, movements: shown.map(toStockMovement), next_before, total };
}

export async function receive(deps: Deps, caller: Caller, input: Input<'receiveStock'>) {
  const product = await requireProduct(deps, caller, input.product_id);
  if (!product.unit) throw badRequest(msg.noUnit, 'product_id');
  const receivedOn = input.received_on ?? (await companyToday(deps, caller.company_id));
  if (input.expiry_date && input.expiry_date < receivedOn) throw badRequest(msg.expiryBeforeReceipt, 'expiry_date');
  const lot = await deps.db.transaction().execute(async (trx) => {
    await repo.lockLevel(trx, caller.company_id, input.product_id);
    const made = await repo.insertLot(trx, {
      company_id: caller.company_id, product_id: input.product_id, lot_number: input.lot_number, supplier: input.supplier || null,
      expiry_date: input.expiry_date ?? null, received_on: receivedOn, quantity_milli: repo.toMilli(input.quantity), created_by: caller.user_id,
    });
    await repo.insertMovements(trx, [{
      company_id: caller.company_id, product_id: input.product_id, lot_id: made.lot_id, kind: 'receipt', quantity_milli: repo.toMilli(input.quantity), user_id: caller.user_id,
    }]);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'stock.receive', entityType: 'stock_lot', entityId: made.lot_id, after: made });
    return made;
  });
  return { status: 'success' as const, message: msg.received, lot: toStockLot(lot, await companyToday(deps, caller.company_id)) };
}

/** Sets each counted lot to its count (a movement of the difference, with the reason) and settles the shortfall. */
export async function stocktake(deps: Deps, caller: Caller, input: Input<'stocktake'>) {
  await requireProduct(deps, caller, input.product_id);
  const seen = new Set<number>();
  for (const c of input.counts) {
    if (seen.has(c.lot_id)) throw badRequest(msg.lotTwice(c.lot_id), 'counts');
    seen.add(c.lot_id);
  }
  await deps.db.transaction().execute(async (trx) => {
    const level = await repo.lockLevel(trx, caller.company_id, input.product_id);
    const lots = await repo.lockLots(trx, caller.company_id, input.product_id, [...seen]);
    const byId = new Map(lots.map((l) => [l.lot_id, l]));
    for (const c of input.counts) {
      if (byId.has(c.lot_id)) continue;
      // Another company's lot is not found; one of this company's other products is a mistake in the form.
      if (!(await repo.findLot(trx, caller.company_id, c.lot_id))) throw notFound('Stock lot');
      throw badRequest(msg.lotNotOfProduct(c.lot_id), 'counts');
    }
    const base = { company_id: caller.company_id, product_id: input.product_id, kind: 'stocktake' as const, reason: input.reason, user_id: caller.user_id };
    const movements: repo.NewMovement[] = [];
    const changes: Array<{ lot_id: number; before: number; after: number }> = [];
    for (const c of input.counts) {
      const before = repo.toMilli(byId.get(c.lot_id)!.quantity);
      const after = repo.toMilli(c.quantity);
      if (before === after) continue;
      await repo.setLotQuantity(trx, c.lot_id, after);
      movements.push({ ...base, lot_id: c.lot_id, quantity_milli: after - before });
      changes.push({ lot_id: c.lot_id, before: before / 1000, after: after / 1000 });
    }
    // A count states what is there: what applications used beyond the records is settled by it.
    const shortfall = repo.toMilli(level.shortfall);
    if (shortfall > 0) {
      await repo.setShortfall(trx, input.product_id, 0);
      movements.push({ ...base, lot_id: null, quantity_milli: shortfall });
    }
    await repo.insertMovements(trx, movements);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'stock.stocktake', entityType: 'spray_product', entityId: input.product_id,
      before: { shortfall: shortfall / 1000 }, after: { reason: input.reason, lots: changes, shortfall: 0 },
    });
  });
  return { status: 'success' as const, message: msg.counted, product: await readOne(deps, caller.company_id, input.product_id) };
}

export async function setThreshold(deps: Deps, caller: Caller, input: Input<'setStockThreshold'>) {
  await requireProduct(deps, caller, input.product_id);
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockLevel(trx, caller.company_id, input.product_id);
    await repo.setThreshold(trx, input.product_id, input.low_stock_threshold);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'stock.threshold', entityType: 'spray_product', entityId: input.product_id,
      before: { low_stock_threshold: before.low_stock_threshold }, after: { low_stock_threshold: input.low_stock_threshold },
    });
  });
  return { status: 'success' as const, message: msg.thresholdSaved, product: await readOne(deps, caller.company_id, input.product_id) };
}

const CSV_HEADER = [
  'product', 'authorisation_number', 'unit', 'lot_number', 'supplier', 'expiry_date', 'received_on', 'quantity_received', 'quantity_on_hand',
  'expired', 'product_on_hand', 'product_shortfall', 'low_stock_threshold', 'low_stock',
];

/** The stock as CSV text, one row per lot holding stock; a product without any has one row with no lot. */
export async function exportCsv(deps: Deps, caller: Caller, productId?: number) {
  if (productId !== undefined) await requireProduct(deps, caller, productId);
  const { today, products } = await readStock(deps, caller.company_id, productId);
  const authorisation = new Map((await repo.listProductLevels(deps.db, caller.company_id, productId)).map((p) => [p.product_id, p.authorisation_number]));
  let out = `\ufeff${csvLine(CSV_HEADER)}`;
  for (const p of products) {
    const common = [p.name, authorisation.get(p.product_id) ?? null, p.unit];
    const tail = [p.on_hand, p.shortfall, p.low_stock_threshold, p.low];
    if (p.lots.length === 0) out += csvLine([...common, null, null, null, null, null, 0, null, ...tail]);
    for (const l of p.lots) {
      out += csvLine([...common, l.lot_number, l.supplier, l.expiry_date, l.received_on, l.quantity_received, l.quantity, l.expired, ...tail]);
    }
  }
  return { csv: out, filename: `stock-${today}.csv` };
}
