import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A quantity as exact decimal text for a numeric(14,3) column, from thousandths. */
export const fromMilli = (milli: number) => (milli / 1000).toFixed(3);
/** A numeric(14,3) read back (a JS number) in whole thousandths, so sums and differences are exact. */
export const toMilli = (n: number) => Math.round(n * 1000);

/**
 * Takes the product's stock row, making it when the product has none, and holds it to the end of the
 * transaction: every stock write of a product goes through here first, so they run one after the other.
 */
export async function lockLevel(trx: Transaction<DB>, companyId: number, productId: number) {
  return trx
    .insertInto('stock_levels')
    .values({ product_id: productId, company_id: companyId })
    .onConflict((oc) => oc.column('product_id').doUpdateSet({ product_id: (eb) => eb.ref('excluded.product_id') }))
    .returning(['product_id', 'shortfall', 'low_stock_threshold'])
    .executeTakeFirstOrThrow();
}

export async function setShortfall(trx: Transaction<DB>, productId: number, milli: number) {
  await trx.updateTable('stock_levels').set({ shortfall: fromMilli(milli), updated_at: new Date() }).where('product_id', '=', productId).execute();
}

export async function setThreshold(trx: Transaction<DB>, productId: number, threshold: number | null) {
  await trx.updateTable('stock_levels').set({ low_stock_threshold: threshold, updated_at: new Date() }).where('product_id', '=', productId).execute();
}

const LOT_COLUMNS = ['lot_id', 'product_id', 'lot_number', 'supplier', 'expiry_date', 'received_on', 'quantity_received', 'quantity'] as const;

/** The product's lots holding stock, locked, in the order an application takes from them: unexpired by expiry (none last), then expired. */
export async function lockLotsForUse(trx: Transaction<DB>, companyId: number, productId: number, today: string) {
  return trx
    .selectFrom('stock_lots')
    .select(LOT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where('quantity', '>', 0)
    .orderBy(sql`coalesce(expiry_date < ${today}, false)`)
    .orderBy(sql`expiry_date ASC NULLS LAST`)
    .orderBy('lot_id')
    .forUpdate()
    .execute();
}
export type LotRow = Awaited<ReturnType<typeof lockLotsForUse>>[number];

export const lockLots = (trx: Transaction<DB>, companyId: number, productId: number, lotIds: number[]) =>
  trx.selectFrom('stock_lots').select(LOT_COLUMNS).where('company_id', '=', companyId).where('product_id', '=', productId)
    .where('lot_id', 'in', lotIds).orderBy('lot_id').forUpdate().execute();

export const findLot = (db: Db, companyId: number, lotId: number) =>
  db.selectFrom('stock_lots').select(LOT_COLUMNS).where('company_id', '=', companyId).where('lot_id', '=', lotId).executeTakeFirst();

export async function setLotQuantity(trx: Transaction<DB>, lotId: number, milli: number) {
  await trx.updateTable('stock_lots').set({ quantity: fromMilli(milli) }).where('lot_id', '=', lotId).execute();
}

export interface NewLot {
  company_id: number;
  product_id: number;
  lot_number: string;
  supplier: string | null;
  expiry_date: string | null;
  received_on: string;
  quantity_milli: number;
  created_by: number;
}

export async function insertLot(trx: Transaction<DB>, { quantity_milli, ...lot }: NewLot) {
  const q = fromMilli(quantity_milli);
  return trx.insertInto('stock_lots').values({ ...lot, quantity_received: q, quantity: q }).returning(LOT_COLUMNS).executeTakeFirstOrThrow();
}

export interface NewMovement {
  company_id: number;
  product_id: number;
  lot_id: number | null;
  kind: 'receipt' | 'application' | 'stocktake' | 'shortfall';
  quantity_milli: number;
  reason?: string | null;
  application_id?: number | null;
  user_id: number | null;
}

export async function insertMovements(trx: Transaction<DB>, rows: NewMovement[]) {
  if (rows.length === 0) return;
  await trx.insertInto('stock_movements')
    .values(rows.map(({ quantity_milli, ...m }) => ({ ...m, quantity: fromMilli(quantity_milli) })))
    .execute();
}

/** The company's live products with their stock row (none yet: no shortfall, no level), by name. */
export const listProductLevels = (db: Db, companyId: number, productId?: number) => {
  let q = db
    .selectFrom('spray_products as p')
    .leftJoin('stock_levels as s', 's.product_id', 'p.product_id')
    .select(['p.product_id', 'p.name', 'p.unit', 'p.authorisation_number', 's.shortfall', 's.low_stock_threshold'])
    .where('p.company_id', '=', companyId)
    .where('p.deleted_at', 'is', null);
  if (productId !== undefined) q = q.where('p.product_id', '=', productId);
  return q.orderBy('p.name').orderBy('p.product_id').execute();
};
export type ProductLevelRow = Awaited<ReturnType<typeof listProductLevels>>[number];

/** Lots still holding stock, of one product or all the company's, earliest expiry first. */
export const listLots = (db: Db, companyId: number, productId?: number) => {
  let q = db.selectFrom('stock_lots').select(LOT_COLUMNS).where('company_id', '=', companyId).where('quantity', '>', 0);
  if (productId !== undefined) q = q.where('product_id', '=', productId);
  return q.orderBy(sql`expiry_date ASC NULLS LAST`).orderBy('lot_id').execute();
};

/** A page of a product's movements, newest first, older than `before` when given (keyset on the id, by stock_movements_product_idx). */
export const listMovements = (db: Db, companyId: number, productId: number, page: { before?: number; limit: number }) => {
  let q = db.selectFrom('stock_movements as m')
    .leftJoin('stock_lots as l', 'l.lot_id', 'm.lot_id')
    .select(['m.movement_id', 'm.product_id', 'm.lot_id', 'l.lot_number', 'm.kind', 'm.quantity', 'm.reason', 'm.application_id', 'm.user_id', 'm.created_at'])
    .where('m.company_id', '=', companyId)
    .where('m.product_id', '=', productId);
  if (page.before !== undefined) q = q.where('m.movement_id', '<', page.before);
  return q.orderBy('m.movement_id', 'desc').limit(page.limit).execute();
};

export async function countMovements(db: Db, companyId: number, productId: number): Promise<number> {
  const row = await db.selectFrom('stock_movements').select(sql<number>`count(*)::int`.as('n'))
    .where('company_id', '=', companyId).where('product_id', '=', productId).executeTakeFirstOrThrow();
  return row.n;
}
