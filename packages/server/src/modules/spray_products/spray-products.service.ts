import { randomUUID } from 'node:crypto';
import { sprayProductsMessages as msg, type EndpointInput, type sprayProductsEndpoints, type UploadedFile } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import { companyKeyPrefix, deleteFilesQuietly } from '../../lib/images/images.js';
import * as repo from './spray-products.repository.js';
import { toSprayProduct } from './spray-products.mapper.js';

type Input<K extends keyof typeof sprayProductsEndpoints> = EndpointInput<(typeof sprayProductsEndpoints)[K]>;

const nameTaken = () => new AppError('conflict', msg.nameTaken, 'name');

type ProductDeps = Deps<'files' | 'config' | 'log'>;
type RegisterInput = Input<'addSprayProduct'> | Input<'updateSprayProduct'>;

/** The register fields sent, as columns (absent stays absent; blank was made null by the contract). */
function registerChanges(input: RegisterInput): repo.RegisterValues {
  const out: repo.RegisterValues = {};
  const keys = ['authorisation_number', 'authorisation_country', 'product_type', 'formulation', 'unit', 'max_dose', 'max_dose_basis',
    'max_applications_per_cycle', 'protective_equipment', 'active_substances', 'authorised_crops'] as const;
  for (const k of keys) if (input[k] !== undefined) Object.assign(out, { [k]: input[k] });
  if (input.authorised_crops) {
    const seen = new Set<string>();
    for (const c of input.authorised_crops) {
      if (seen.has(c.eppo_code)) throw badRequest(msg.duplicateCrop(c.eppo_code), 'authorised_crops');
      seen.add(c.eppo_code);
    }
  }
  return out;
}

/** A maximum dose means nothing without its basis (per ha or per 1,000 L), so the two are set and cleared together. */
function checkDose(dose: number | null | undefined, basis: string | null | undefined) {
  if (dose != null && basis == null) throw badRequest(msg.doseBasisRequired, 'max_dose_basis');
  if (dose == null && basis != null) throw badRequest(msg.doseRequired, 'max_dose');
}

const PDF_MAGIC = '%PDF-';

/** Checks the label is a PDF within the upload limit and stores it under the company's prefix; answers its key. */
async function storeLabel(deps: ProductDeps, companyId: number, file: UploadedFile): Promise<{ label_key: string; label_filename: string }> {
  if (Buffer.from(file.data.subarray(0, PDF_MAGIC.length)).toString('latin1') !== PDF_MAGIC) throw badRequest(msg.labelNotPdf, 'label');
  if (file.data.byteLength > deps.config.limits.fileBytes) {
    throw badRequest(msg.labelTooLarge(Math.floor(deps.config.limits.fileBytes / 1_000_000)), 'label');
  }
  const key = `${companyKeyPrefix(companyId)}labels/${randomUUID()}.pdf`;
  await deps.files.put(key, Buffer.from(file.data), 'application/pdf');
  // Only the name's last part, printable, is kept: it is sent back in a Content-Disposition header.
  const name = (file.filename.split(/[\\/]/).pop() ?? '').replace(/[^\w .()-]/g, '_').slice(0, 200) || 'label.pdf';
  return { label_key: key, label_filename: name };
}

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

export async function addProduct(deps: ProductDeps, caller: Caller, input: Input<'addSprayProduct'>) {
  const { db } = deps;
  const register = registerChanges(input);
  checkDose(register.max_dose, register.max_dose_basis);
  const label = input.label ? await storeLabel(deps, caller.company_id, input.label) : null;
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.nameTaken(trx, caller.company_id, input.name)) throw nameTaken();
    const row: repo.NewProduct = {
      ...register,
      ...(label ?? {}),
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
  }).catch(async (err: unknown) => {
    if (label) await deleteFilesQuietly(deps.files, [label.label_key], deps.log);
    throw err;
  });
  return { status: 'success' as const, message: msg.added, product: await readProduct({ db }, caller, id) };
}

/** Changes only the fields sent; an interval sent blank is cleared. Past applications keep the ends they were given. */
export async function updateProduct(deps: ProductDeps, caller: Caller, input: Input<'updateSprayProduct'>) {
  const { db } = deps;
  const register = registerChanges(input);
  const label = input.label ? await storeLabel(deps, caller.company_id, input.label) : null;
  const replacedLabel = await db.transaction().execute(async (trx) => {
    const before = await repo.lockProduct(trx, caller.company_id, input.product_id);
    if (!before) throw notFound('Spray product');
    checkDose(register.max_dose !== undefined ? register.max_dose : before.max_dose, register.max_dose_basis !== undefined ? register.max_dose_basis : before.max_dose_basis);
    const changes: repo.ProductChanges = { ...register };
    if (label) Object.assign(changes, label);
    else if (input.remove_label && before.label_key) Object.assign(changes, { label_key: null, label_filename: null });
    if (input.name !== undefined && input.name !== before.name) {
      if (await repo.nameTaken(trx, caller.company_id, input.name, input.product_id)) throw nameTaken();
      changes.name = input.name;
    }
    if (input.details !== undefined) changes.details = input.details;
    if (input.reentry_interval_hours !== undefined) changes.reentry_interval_hours = input.reentry_interval_hours;
    if (input.preharvest_interval_days !== undefined) changes.preharvest_interval_days = input.preharvest_interval_days;
    if (Object.keys(changes).length === 0) return null;
    await repo.updateProduct(trx, input.product_id, changes);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'spray_product.update', entityType: 'spray_product', entityId: input.product_id,
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
      after: changes,
    });
    return changes.label_key !== undefined ? before.label_key : null;
  }).catch(async (err: unknown) => {
    if (label) await deleteFilesQuietly(deps.files, [label.label_key], deps.log);
    throw err;
  });
  // The old label's file goes once the row no longer names it.
  await deleteFilesQuietly(deps.files, [replacedLabel], deps.log);
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

/** The stored label PDF of a product of the caller's company; 404 for another company's product or none stored. */
export async function labelFile(deps: Deps<'files'>, caller: Caller, productId: number) {
  const row = await repo.findProduct(deps.db, caller.company_id, productId);
  if (!row?.label_key) throw notFound('Label');
  const stored = await deps.files.get(row.label_key);
  if (!stored) throw notFound('Label');
  return { data: stored.data, filename: row.label_filename ?? 'label.pdf' };
}
