import { treatmentsMessages as msg, type EndpointInput, type SideEffect, type treatmentsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/iso.js';
import { findProduct } from '../spray_products/index.js';
import * as repo from './side-effects.repository.js';

const toSideEffect = (r: repo.SideEffectRow): SideEffect => ({
  side_effect_id: r.side_effect_id, product_id: r.product_id, product_name: r.product_name, species: r.species,
  effect: r.effect, persistence_days: r.persistence_days, updated_at: iso(r.updated_at),
});

type Input<K extends keyof typeof treatmentsEndpoints> = EndpointInput<(typeof treatmentsEndpoints)[K]>;

export async function listSideEffects({ db }: Deps, caller: Caller, input: Input<'getBeneficialSideEffects'>) {
  return { status: 'success' as const, side_effects: (await repo.listSideEffects(db, caller.company_id, input.limit)).map(toSideEffect) };
}

/** Sets what a product does to a beneficial; the product must be the caller's company's. Audited. */
export async function saveSideEffect({ db }: Deps, caller: Caller, input: Input<'saveBeneficialSideEffect'>) {
  const id = await db.transaction().execute(async (trx) => {
    if (!(await findProduct(trx, caller.company_id, input.product_id))) throw new AppError('not_found', msg.unknownSideEffectProduct, 'product_id');
    const row = { company_id: caller.company_id, product_id: input.product_id, species: input.species, effect: input.effect, persistence_days: input.persistence_days, updated_by: caller.user_id };
    const id = await repo.upsertSideEffect(trx, row);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'beneficial_side_effect.save', entityType: 'beneficial_side_effect', entityId: id, after: row });
    return id;
  });
  return { status: 'success' as const, message: msg.sideEffectSaved, side_effect: toSideEffect((await repo.findSideEffect(db, caller.company_id, id))!) };
}

export async function deleteSideEffect({ db }: Deps, caller: Caller, input: Input<'deleteBeneficialSideEffect'>) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findSideEffect(trx, caller.company_id, input.side_effect_id);
    if (!before) throw notFound('Side effect');
    await repo.deleteSideEffect(trx, caller.company_id, input.side_effect_id);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'beneficial_side_effect.delete', entityType: 'beneficial_side_effect', entityId: input.side_effect_id, before: toSideEffect(before) });
  });
  return { status: 'success' as const, message: msg.sideEffectDeleted };
}
