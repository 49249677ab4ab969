import { treatmentsEndpoints as ep, type SideEffect, type SIDE_EFFECTS } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

export type SideEffectLevel = (typeof SIDE_EFFECTS)[number];

export interface SideEffectFields {
  product_id: number;
  species: string;
  effect: SideEffectLevel;
  persistence_days: number;
}

/** GET /get_beneficial_side_effects?company_id: the company's table, product × beneficial. */
export async function getBeneficialSideEffects(companyId: number): Promise<SideEffect[]> {
  return (await callEndpoint(ep.getBeneficialSideEffects, { company_id: companyId })).side_effects;
}

/** POST /save_beneficial_side_effect: one row per product and species (the same pair again changes it). */
export async function saveBeneficialSideEffect(companyId: number, fields: SideEffectFields): Promise<SideEffect> {
  return (await callEndpoint(ep.saveBeneficialSideEffect, { company_id: companyId, ...fields })).side_effect;
}

/** DELETE /delete_beneficial_side_effect?company_id&side_effect_id. */
export async function deleteBeneficialSideEffect(companyId: number, sideEffectId: number): Promise<void> {
  await callEndpoint(ep.deleteBeneficialSideEffect, { company_id: companyId, side_effect_id: sideEffectId });
}
