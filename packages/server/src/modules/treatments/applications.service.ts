import { addDays, treatmentsMessages as msg, utcMidnight, type EndpointInput, type treatmentsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import { lockProduct, findProductByName } from '../spray_products/index.js';
import * as repo from './applications.repository.js';
import { toApplication } from './treatments.mapper.js';

type LinkInput = EndpointInput<(typeof treatmentsEndpoints)['linkTreatmentProductsGridboxes']>;

const HOUR_MS = 3_600_000;

/**
 * When an application was made and when its intervals end. A date-time is the moment of spraying; a
 * date alone counts from the end of that day (UTC), so "no entry until" is never earlier than the truth.
 */
export function applicationTimes(applicationDate: string, reentryHours: number | null, preharvestDays: number | null) {
  const hasTime = applicationDate.length > 10;
  const appliedAt = hasTime ? new Date(applicationDate) : null;
  const date = applicationDate.slice(0, 10);
  const from = appliedAt ?? utcMidnight(addDays(date, 1));
  return {
    application_date: date,
    applied_at: appliedAt,
    reentry_until: reentryHours === null ? null : new Date(from.getTime() + reentryHours * HOUR_MS),
    preharvest_until: preharvestDays === null ? null : addDays(date, preharvestDays),
  };
}

/** Records one spraying of a product on grid boxes; every box must be the caller's company's. */
export async function linkProductToBoxes({ db }: Deps, caller: Caller, input: LinkInput) {
  const boxIds = [...new Set(input.Grid_boxIDs)];
  const id = await db.transaction().execute(async (trx) => {
    const named = await findProductByName(trx, caller.company_id, input.ProductName);
    // Locked so a product deleted or re-timed meanwhile cannot leave an application with stale intervals.
    const product = named && (await lockProduct(trx, caller.company_id, named.product_id));
    if (!product) throw new AppError('not_found', msg.unknownProduct, 'ProductName');
    const own = await repo.ownBoxIds(trx, caller.company_id, boxIds);
    if (own.size !== boxIds.length) throw new AppError('not_found', msg.foreignBoxes, 'Grid_boxIDs');
    const row: repo.NewApplication = {
      company_id: caller.company_id,
      product_id: product.product_id,
      ...applicationTimes(input.ApplicationDate, product.reentry_interval_hours, product.preharvest_interval_days),
      quantity_used: input.QuantityUsed,
      applied_by: caller.user_id,
    };
    const id = await repo.insertApplication(trx, row, boxIds);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'treatment.apply', entityType: 'treatment_application', entityId: id,
      after: { ...row, grid_box_ids: boxIds },
    });
    return id;
  });
  const row = await repo.findApplication(db, caller.company_id, id);
  return { status: 'success' as const, message: msg.linked, application: toApplication(row!) };
}
