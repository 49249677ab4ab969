import { todayIn } from '@verdant/contract';
import { safeTimeZone } from '@verdant/contract/zoned-time';
import type { TxDeps } from '../../lib/deps.js';
import { companyTimeZone } from '../company_settings/company-settings.service.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { writeAudit } from '../../lib/audit.js';
import * as repo from './stock.repository.js';

export interface DeductStockInput {
  companyId: number;
  productId: number;
  /** In the product's unit; more than 0. Kept to the thousandth. */
  quantity: number;
  /** The lot the operator took it from; the rest (when it holds less) comes from the other lots as without one. */
  lotId?: number;
  applicationId: number;
  userId: number;
  /** The day of the application (YYYY-MM-DD), judging which lots had expired; today in the company's zone when absent. */
  on?: string;
}

export interface StockDeduction {
  lot_id: number;
  lot_number: string;
  quantity: number;
  /** The lot's expiry was before `on`: the application rules decide whether that is refused or warned. */
  expired: boolean;
}

export interface DeductStockResult {
  deductions: StockDeduction[];
  /** What was used beyond the recorded stock (0 when the lots covered it): recorded as a shortfall, never dropped. */
  shortBy: number;
}

/**
 * Takes what an application used from the product's lots, in the caller's transaction: the chosen lot first,
 * then unexpired lots by earliest expiry (lots with no expiry last), then expired lots. What the lots do not
 * cover is added to the product's shortfall with a 'shortfall' movement and answered as `shortBy`.
 * The product's stock row is locked first (repo.lockLevel), so two applications at the same moment deduct one
 * after the other and neither takes stock the other already took. The product must be the caller's (checked by
 * the caller); another company's lot is a 404, a lot of another product a 400 on `lot_id`.
 */
export async function deductStock({ db: trx }: TxDeps, input: DeductStockInput): Promise<DeductStockResult> {
  let wanted = repo.toMilli(input.quantity);
  if (!(wanted > 0)) throw badRequest('quantity must be more than 0.', 'quantity');
  const on = input.on ?? todayIn(safeTimeZone(await companyTimeZone({ db: trx }, input.companyId)), new Date());
  const level = await repo.lockLevel(trx, input.companyId, input.productId);
  const lots = await repo.lockLotsForUse(trx, input.companyId, input.productId, on);
  if (input.lotId !== undefined) {
    const chosen = lots.findIndex((l) => l.lot_id === input.lotId);
    if (chosen < 0) {
      const lot = await repo.findLot(trx, input.companyId, input.lotId);
      if (!lot) throw notFound('Stock lot');
      if (lot.product_id !== input.productId) throw badRequest(`lot_id ${input.lotId} is not a lot of this product.`, 'lot_id');
      // The chosen lot is empty: it gives nothing, the others give the rest.
    } else {
      lots.unshift(...lots.splice(chosen, 1));
    }
  }
  const deductions: StockDeduction[] = [];
  const movements: repo.NewMovement[] = [];
  const base = { company_id: input.companyId, product_id: input.productId, application_id: input.applicationId, user_id: input.userId };
  for (const lot of lots) {
    if (wanted === 0) break;
    const has = repo.toMilli(lot.quantity);
    const take = Math.min(has, wanted);
    wanted -= take;
    await repo.setLotQuantity(trx, lot.lot_id, has - take);
    deductions.push({ lot_id: lot.lot_id, lot_number: lot.lot_number, quantity: take / 1000, expired: lot.expiry_date !== null && lot.expiry_date < on });
    movements.push({ ...base, lot_id: lot.lot_id, kind: 'application', quantity_milli: -take });
  }
  if (wanted > 0) {
    await repo.setShortfall(trx, input.productId, repo.toMilli(level.shortfall) + wanted);
    movements.push({ ...base, lot_id: null, kind: 'shortfall', quantity_milli: -wanted });
  }
  await repo.insertMovements(trx, movements);
  const result = { deductions, shortBy: wanted / 1000 };
  await writeAudit(trx, {
    companyId: input.companyId, userId: input.userId, action: 'stock.deduct', entityType: 'spray_product', entityId: input.productId,
    after: { application_id: input.applicationId, quantity: input.quantity, lot_id: input.lotId ?? null, ...result },
  });
  return result;
}
