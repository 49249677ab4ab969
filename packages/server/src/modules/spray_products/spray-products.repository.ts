import type { Kysely, Transaction, Updateable } from 'kysely';
import type { ActiveSubstanceJson, AuthorisedCropJson, DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = [
  'product_id', 'company_id', 'name', 'details', 'reentry_interval_hours', 'preharvest_interval_days', 'created_at', 'updated_at',
  // The plant-protection register's fields (migration 2026_12_01_0100).
  'authorisation_number', 'authorisation_country', 'product_type', 'active_substances', 'formulation', 'unit', 'max_dose',
  'max_dose_basis', 'max_applications_per_cycle', 'authorised_crops', 'protective_equipment', 'label_key', 'label_filename',
] as const;

/** A company's live products (a deleted one is kept for the applications that name it). */
const live = (db: Db, companyId: number) =>
  db.selectFrom('spray_products').select(COLUMNS).where('company_id', '=', companyId).where('deleted_at', 'is', null);

export const listProducts = (db: Db, companyId: number) => live(db, companyId).orderBy('name').orderBy('product_id').execute();
export type ProductRow = Awaited<ReturnType<typeof listProducts>>[number];

export const findProduct = (db: Db, companyId: number, productId: number) =>
  live(db, companyId).where('product_id', '=', productId).executeTakeFirst();

export const lockProduct = (trx: Transaction<DB>, companyId: number, productId: number) =>
  live(trx, companyId).where('product_id', '=', productId).forUpdate().executeTakeFirst();

/** The live product of that name, whatever its case: names are how the apply call picks a product. */
export const findProductByName = (db: Db, companyId: number, name: string) =>
  live(db, companyId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase())).executeTakeFirst();

export async function nameTaken(db: Db, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('spray_products')
    .select('product_id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) q = q.where('product_id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The register's fields as the service sets them; the two lists are written as JSON. */
export interface RegisterValues {
  authorisation_number?: string | null;
  authorisation_country?: string | null;
  product_type?: string | null;
  active_substances?: ActiveSubstanceJson[];
  formulation?: string | null;
  unit?: string | null;
  max_dose?: number | null;
  max_dose_basis?: string | null;
  max_applications_per_cycle?: number | null;
  authorised_crops?: AuthorisedCropJson[];
  protective_equipment?: string | null;
  label_key?: string | null;
  label_filename?: string | null;
}

export interface NewProduct extends RegisterValues {
  company_id: number;
  name: string;
  details: string | null;
  reentry_interval_hours: number | null;
  preharvest_interval_days: number | null;
  created_by: number;
}

const asColumns = <T extends RegisterValues>({ active_substances, authorised_crops, ...rest }: T) => ({
  ...rest,
  ...(active_substances !== undefined ? { active_substances: JSON.stringify(active_substances) } : {}),
  ...(authorised_crops !== undefined ? { authorised_crops: JSON.stringify(authorised_crops) } : {}),
});

export async function insertProduct(trx: Transaction<DB>, row: NewProduct): Promise<number> {
  const made = await trx.insertInto('spray_products').values(asColumns(row)).returning('product_id').executeTakeFirstOrThrow();
  return made.product_id;
}

export type ProductChanges = Pick<Updateable<DB['spray_products']>, 'name' | 'details' | 'reentry_interval_hours' | 'preharvest_interval_days'> & RegisterValues;

export async function updateProduct(trx: Transaction<DB>, productId: number, changes: ProductChanges): Promise<void> {
  await trx.updateTable('spray_products').set({ ...asColumns(changes), updated_at: new Date() }).where('product_id', '=', productId).execute();
}

/** Stamps the product deleted (its treatments are switched off by the treatments module, see spray-products.service). */
export async function softDeleteProduct(trx: Transaction<DB>, productId: number, at: Date): Promise<void> {
  await trx.updateTable('spray_products').set({ deleted_at: at, updated_at: at }).where('product_id', '=', productId).execute();
}
