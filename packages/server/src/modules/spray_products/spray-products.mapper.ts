import type { SprayProduct } from '@verdant/contract';
import { DOSE_BASES, PRODUCT_TYPES, PRODUCT_UNITS } from '@verdant/contract';
import type { ProductRow } from './spray-products.repository.js';
import { iso } from '../../lib/iso.js';

/** A stored choice read back as the contract's type: the database CHECKs allow only these, so anything else is null. */
const oneOf = <T extends string>(choices: readonly T[], v: string | null): T | null => choices.find((c) => c === v) ?? null;

export const toSprayProduct = (r: ProductRow): SprayProduct => ({
  product_id: r.product_id,
  name: r.name,
  details: r.details,
  reentry_interval_hours: r.reentry_interval_hours,
  preharvest_interval_days: r.preharvest_interval_days,
  company_id: r.company_id,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  authorisation_number: r.authorisation_number,
  authorisation_country: r.authorisation_country,
  product_type: oneOf(PRODUCT_TYPES, r.product_type),
  active_substances: r.active_substances,
  formulation: r.formulation,
  unit: oneOf(PRODUCT_UNITS, r.unit),
  max_dose: r.max_dose,
  max_dose_basis: oneOf(DOSE_BASES, r.max_dose_basis),
  max_applications_per_cycle: r.max_applications_per_cycle,
  authorised_crops: r.authorised_crops,
  protective_equipment: r.protective_equipment,
  label_filename: r.label_key ? r.label_filename : null,
});
