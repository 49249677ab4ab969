import { sprayProductsEndpoints as ep, type SprayProduct } from '@verdant/contract';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';

/**
 * The fields of a product form; a blank interval means "none" (the server clears it). The register fields
 * (issue 22) are optional: blank clears, the two lists travel as JSON text, `label` is a PDF.
 */
export interface SprayProductFields {
  name: string;
  details: string;
  reentry_interval_hours: string;
  preharvest_interval_days: string;
  authorisation_number?: string;
  authorisation_country?: string;
  product_type?: string;
  formulation?: string;
  unit?: string;
  max_dose?: string;
  max_dose_basis?: string;
  max_applications_per_cycle?: string;
  protective_equipment?: string;
  /** JSON list of { name, concentration, concentration_unit }. */
  active_substances?: string;
  /** JSON list of { eppo_code, bbch_min, bbch_max }. */
  authorised_crops?: string;
  label?: Blob;
  remove_label?: 1;
}

/** GET /spray_product_label?product_id: the product's label PDF. */
export function getSprayProductLabel(productId: number): Promise<Blob> {
  return callBinaryEndpoint(ep.getSprayProductLabel, { product_id: productId });
}

/** GET /get_product_details?company_id: the company's products with their details and intervals, by name. */
export async function getProductDetails(companyId: number): Promise<SprayProduct[]> {
  return (await callEndpoint(ep.getProductDetails, { company_id: companyId })).products;
}

/** GET /get_product_names?company_id: the names alone (reads productNames). */
export async function getProductNames(companyId: number): Promise<string[]> {
  return (await callEndpoint(ep.getProductNames, { company_id: companyId })).productNames;
}

/** POST /add_spray_product?company_id (multipart name, details, intervals). */
export async function addSprayProduct(companyId: number, fields: SprayProductFields): Promise<SprayProduct> {
  return (await callEndpoint(ep.addSprayProduct, { company_id: companyId, ...fields })).product;
}

/** POST /update_spray_product?product_id (multipart): the fields sent change; a blank interval clears it. */
export async function updateSprayProduct(productId: number, fields: SprayProductFields): Promise<SprayProduct> {
  return (await callEndpoint(ep.updateSprayProduct, { product_id: productId, ...fields })).product;
}

/** DELETE /delete_product (product_id, company_id): past applications and treatments keep naming it. */
export async function deleteProduct(companyId: number, productId: number): Promise<void> {
  await callEndpoint(ep.deleteProduct, { company_id: companyId, product_id: productId });
}
