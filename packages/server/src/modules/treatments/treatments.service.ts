import { treatmentsMessages as msg, type EndpointInput, type treatmentsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import { findProduct, lockProduct } from '../spray_products/index.js';
import * as repo from './treatments.repository.js';
import { toTreatment } from './treatments.mapper.js';

type Input<K extends keyof typeof treatmentsEndpoints> = EndpointInput<(typeof treatmentsEndpoints)[K]>;

async function readTreatment({ db }: Deps, caller: Caller, treatmentId: number) {
  return toTreatment((await repo.findTreatment(db, caller.company_id, treatmentId))!);
}

/** A product_id filter names a product like any other id: another company's (or a removed one) is 404. */
export async function listLive({ db }: Deps, caller: Caller, input: Input<'getTreatment'>) {
  if (input.product_id !== undefined && !(await findProduct(db, caller.company_id, input.product_id))) throw notFound('Spray product');
  const rows = await repo.listLive(db, caller.company_id, input.treatment_type, input.product_id);
  return { status: 'success' as const, treatments: rows.map(toTreatment) };
}

export async function listAll({ db }: Deps, caller: Caller) {
  const rows = await repo.listAll(db, caller.company_id);
  return { status: 'success' as const, treatments: rows.map(toTreatment) };
}

/** One treatment per product and type: a second is refused, even a deleted one (restore it instead). */
export async function createTreatment({ db }: Deps, caller: Caller, input: Input<'createTreatment'>) {
  const id = await db.transaction().execute(async (trx) => {
    if (!(await lockProduct(trx, caller.company_id, input.data.product_id))) throw notFound('Spray product');
    if (await repo.lockByProductType(trx, caller.company_id, input.data.product_id, input.treatment_type)) throw conflict(msg.exists);
    const row: repo.NewTreatment = {
      company_id: caller.company_id,
      product_id: input.data.product_id,
      treatment_type: input.treatment_type,
      sub_type: input.data.sub_type ?? null,
      notes: input.data.notes ?? null,
      created_by: caller.user_id,
    };
    const id = await repo.insertTreatment(trx, row);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'treatment.create', entityType: 'treatment', entityId: id, after: row });
    return id;
  });
  return { status: 'success' as const, message: msg.created, treatment: await readTreatment({ db }, caller, id) };
}

export async function updateTreatment({ db }: Deps, caller: Caller, input: Input<'updateTreatment'>) {
  const id = await db.transaction().execute(async (trx) => {
    const before = await repo.lockByProductType(trx, caller.company_id, input.product_id, input.treatment_type);
    if (!before) throw notFound('Treatment');
    const changes: repo.TreatmentChanges = {};
    if (input.data.sub_type !== undefined) changes.sub_type = input.data.sub_type;
    if (input.data.notes !== undefined) changes.notes = input.data.notes;
    if (Object.keys(changes).length === 0) return before.treatment_id;
    await repo.updateTreatment(trx, before.treatment_id, changes);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'treatment.update', entityType: 'treatment', entityId: before.treatment_id,
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
      after: changes,
    });
    return before.treatment_id;
  });
  return { status: 'success' as const, message: msg.updated, treatment: await readTreatment({ db }, caller, id) };
}

/** spec-2 §4: delete is a toggle. Restoring needs the product still on the list. */
export async function toggleDeleted({ db }: Deps, caller: Caller, input: Input<'deleteTreatment'>) {
  const { id, deleted } = await db.transaction().execute(async (trx) => {
    const before = await repo.lockByProductType(trx, caller.company_id, input.product_id, input.treatment_type);
    if (!before) throw notFound('Treatment');
    const deleted = !before.is_deleted;
    if (!deleted && !(await lockProduct(trx, caller.company_id, input.product_id))) throw notFound('Spray product');
    await repo.updateTreatment(trx, before.treatment_id, { is_deleted: deleted });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: deleted ? 'treatment.delete' : 'treatment.restore', entityType: 'treatment',
      entityId: before.treatment_id, before: { is_deleted: before.is_deleted }, after: { is_deleted: deleted },
    });
    return { id: before.treatment_id, deleted };
  });
  return { status: 'success' as const, message: deleted ? msg.deleted : msg.restored, treatment: await readTreatment({ db }, caller, id) };
}

/** A deleted product's treatments are switched off in its delete's transaction (registered with spray_products). */
export function switchOffProductTreatments({ db: trx }: TxDeps, productId: number, at: Date): Promise<number[]> {
  return repo.switchOffByProduct(trx, productId, at);
}
