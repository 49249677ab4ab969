import { treatmentsMessages as msg } from '@verdant/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AuthorisedCropJson } from '../../db/tables/plant-protection.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './applications.repository.js';

/** What the rules need of a product (spray_products' register columns, issue 22 part 1). */
export interface RuleProduct {
  product_id: number;
  name: string;
  max_dose: number | null;
  max_dose_basis: string | null;
  max_applications_per_cycle: number | null;
  authorised_crops: AuthorisedCropJson[];
}

/** One product of the mix as the rules see it; the fields are the wire names a refusal points at. */
export interface RuleLine {
  product: RuleProduct;
  quantity: number;
  dose: number | null;
  doseUnit: string | null;
  productField: string;
  doseField: string;
}

export interface RuleContext {
  companyId: number;
  boxIds: readonly number[];
  cropEppo: string | null;
  bbch: number | null;
  areaM2: number | null;
  waterVolumeL: number | null;
  day: string;
}

/** A label's limit is a legal limit: breaking it is refused (422) with what to do, naming the field. */
const refuse = (message: string, field: string) => new AppError('unprocessable', message, field);

/**
 * The dose in the label's basis: the typed dose when its unit is of that basis, else worked out from the
 * quantity and the area (per ha) or the water volume (per 1,000 L); null when neither is known.
 */
export function doseInBasis(line: RuleLine, areaM2: number | null, waterVolumeL: number | null): { dose: number; unit: string } | null {
  const basis = line.product.max_dose_basis;
  const perHa = basis === 'per_ha';
  const suffix = perHa ? '/ha' : '/1000L';
  if (line.dose !== null && line.doseUnit?.endsWith(suffix)) return { dose: line.dose, unit: line.doseUnit };
  const unit = `${line.doseUnit?.split('/')[0] ?? 'units'}${suffix}`;
  if (perHa && areaM2 !== null) return { dose: (line.quantity / areaM2) * 10_000, unit };
  if (!perHa && waterVolumeL !== null && waterVolumeL > 0) return { dose: (line.quantity / waterVolumeL) * 1000, unit };
  return null;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Dose, crop and BBCH authorisation, applications per cycle: each refused with its message. */
export async function checkProductRules(trx: Transaction<DB>, ctx: RuleContext, lines: readonly RuleLine[]) {
  for (const line of lines) {
    const p = line.product;
    if (p.max_dose !== null && p.max_dose_basis !== null) {
      const d = doseInBasis(line, ctx.areaM2, ctx.waterVolumeL);
      // A thousandth of slack: a dose worked out from an area is not exact to the last digit.
      if (d && d.dose > p.max_dose * 1.001) throw refuse(msg.doseAboveMax(p.name, round(d.dose), d.unit, p.max_dose), line.doseField);
    }
    if (ctx.cropEppo !== null && p.authorised_crops.length > 0) {
      const crop = p.authorised_crops.find((c) => c.eppo_code === ctx.cropEppo);
      if (!crop) throw refuse(msg.cropNotAuthorised(p.name, ctx.cropEppo), 'CropEppo');
      if (ctx.bbch !== null && ((crop.bbch_min !== null && ctx.bbch < crop.bbch_min) || (crop.bbch_max !== null && ctx.bbch > crop.bbch_max))) {
        throw refuse(msg.bbchNotAuthorised(p.name, ctx.cropEppo, ctx.bbch, crop.bbch_min, crop.bbch_max), 'BBCH');
      }
    }
    if (p.max_applications_per_cycle !== null) {
      const cycle = await repo.applicationsInCycle(trx, ctx.companyId, p.product_id, ctx.boxIds);
      if (cycle && cycle.n >= p.max_applications_per_cycle) {
        throw refuse(msg.tooManyApplications(p.name, cycle.n, p.max_applications_per_cycle, cycle.batch_number, cycle.since), line.productField);
      }
    }
  }
}

/** Beneficials released in the same boxes that a product of the mix would hit: warnings, the spray goes ahead. */
export async function beneficialWarnings(trx: Transaction<DB>, ctx: RuleContext, productIds: readonly number[]): Promise<string[]> {
  const hits = await repo.beneficialsHit(trx, ctx.companyId, productIds, ctx.boxIds, ctx.day);
  return hits.map((h) => msg.beneficialsHit(h.product_name, h.species, h.effect, h.released, h.until));
}
