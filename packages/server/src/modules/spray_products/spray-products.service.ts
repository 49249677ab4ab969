import { sprayProductsMessages as msg, type EndpointInput, type sprayProductsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import * as repo from './spray-products.repository.js';
import { toSprayProduct } from './spray-products.mapper.js';

type Input<K extends keyof typeof sprayProductsEndpoints> = EndpointInput<(typeof sprayProductsEndpoints)[K]>;

const nameTaken = () => new AppError('conflict', msg.nameTaken, 'name');

async function readProduct({ db }: Deps, caller: Caller, productId: number) {
  const row = await repo.findProduct(db, caller.company_id, productId);
  return toSprayProduct(row!);
}

export async function listNames({ db }: Deps, caller: Caller) {
  const rows = await repo.listProducts(db, caller.company_id);
  return { status: 'success' as const, productNames: rows.map((r) => r.name) };
}

export async function listDetails({ db }: Deps, caller: Caller) {
  const rows = await repo.listProducts(db, caller.company_id);
  return { status: 'success' as const, products: rows.map(toSprayProduct) };
}

export async function addProduct({ db }: Deps, caller: Caller, input: Input<'addSprayProduct'>) {
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.nameTaken(trx, caller.company_id, input.name)) throw nameTaken();
    const row: repo.NewProduct = {
      company_id: caller.company_id,
      name: input.name,
      details: input.details ?? null,
      reentry_interval_hours: input.reentry_interval_hours ?? null,
      preharvest_interval_days: input.preharvest_interval_days ?? null,
      created_by: caller.user_id,
    };
    const id = await repo.insertProduct(trx, row);
    await writeAudit(trx, { companyId: caller.company_id, userId: caller.user_id, action: 'spray_product.create', entityType: 'spray_product', entityId: id, after: row });
    return id;
  });
  return { status: 'success' as const, message: msg.added, product: await readProduct({ db }, caller, id) };
}

/** Changes only the fields sent; an interval sent blank is cleared. Past applications keep the ends they were given. */
export async function updateProduct({ db }: Deps, caller: Caller, input: Input<'updateSprayProduct'>) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockProduct(trx, caller.company_id, input.product_id);
    if (!before) throw notFound('Spray product');
    const changes: repo.ProductChanges = {};
    if (input.name !== undefined && input.name !== before.name) {
      if (await repo.nameTaken(trx, caller.company_id, input.name, input.product_id)) throw nameTaken();
      changes.name = input.name;
    }
    if (input.details !== undefined) changes.details = input.details;
    if (input.reentry_interval_hours !== undefined) changes.reentry_interval_hours = input.reentry_interval_hours;
    if (input.preharvest_interval_days !== undefined) changes.preharvest_interval_days = input.preharvest_interval_days;
    if (Object.keys(changes).length === 0) return;
    await repo.updateProduct(trx, input.product_id, changes);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'spray_product.update', entityType: 'spray_product', entityId: input.product_id,
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
      after: changes,
    });
  });
  return { status: 'success' as const, message: msg.updated, product: await readProduct({ db }, caller, input.product_id) };
}

/** Switches a deleted product's treatments off in the delete's transaction; answers their ids (the treatments module's). */
export type TreatmentsSwitchOff = (deps: TxDeps, productId: number, at: Date) => Promise<number[]>;
let switchOffTreatments: TreatmentsSwitchOff | null = null;

/**
 * The treatments module hands its switch-off here when it registers (treatments own their table and already
 * read products through this module, so this module cannot import theirs without a cycle).
 */
export function onProductDeleted(switchOff: TreatmentsSwitchOff): void {
  switchOffTreatments = switchOff;
}

/** Removes the product from the list and switches its treatments off; its applications stay on record. */
export async function deleteProduct({ db }: Deps, caller: Caller, productId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockProduct(trx, caller.company_id, productId);
    if (!before) throw notFound('Spray product');
    if (!switchOffTreatments) throw new Error('The treatments module is not registered: a deleted product would keep its treatments.');
    const at = new Date();
    await repo.softDeleteProduct(trx, productId, at);
    const treatmentsOff = await switchOffTreatments({ db: trx }, productId, at);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'spray_product.delete', entityType: 'spray_product', entityId: productId,
      before: toSprayProduct(before), after: { deleted: true, treatments_switched_off: treatmentsOff },
    });
  });
  return { status: 'success' as const, message: msg.deleted, product_id: productId };
}
