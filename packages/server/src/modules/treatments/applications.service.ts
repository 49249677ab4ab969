import { addDays, treatmentsMessages as msg, utcMidnight, type EndpointInput, type treatmentsEndpoints } from '@verdant/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import { lockProduct, findProductByName } from '../spray_products/index.js';
import { deductStock } from '../stock/index.js';
import { ownCrossingIds } from '../thresholds/index.js';
import * as repo from './applications.repository.js';
import { beneficialWarnings, checkProductRules, type RuleLine } from './applications.rules.js';
import { toApplication, toRegisterDetails } from './treatments.mapper.js';

type LinkInput = EndpointInput<(typeof treatmentsEndpoints)['linkTreatmentProductsGridboxes']>;

const HOUR_MS = 3_600_000;

/**
 * When an application was made and when its intervals end. A date-time is the moment of spraying; a
 * date alone counts from the end of that day (UTC), so "no entry until" is never earlier than the truth.
 * With an end time the re-entry interval counts from the end of spraying.
 */
export function applicationTimes(applicationDate: string, reentryHours: number | null, preharvestDays: number | null, endedAt: Date | null = null) {
  const hasTime = applicationDate.length > 10;
  const appliedAt = hasTime ? new Date(applicationDate) : null;
  const date = applicationDate.slice(0, 10);
  const from = endedAt ?? appliedAt ?? utcMidnight(addDays(date, 1));
  return {
    application_date: date,
    applied_at: appliedAt,
    reentry_until: reentryHours === null ? null : new Date(from.getTime() + reentryHours * HOUR_MS),
    preharvest_until: preharvestDays === null ? null : addDays(date, preharvestDays),
  };
}

/** The longest interval of the mix's products (null when none has one). */
const longest = (values: readonly (number | null)[]): number | null =>
  values.reduce<number | null>((a, b) => (b === null ? a : a === null || b > a ? b : a), null);

/** The mix's products, found by name and locked (a product deleted or re-timed meanwhile cannot leave stale intervals). */
async function lockMix(trx: Transaction<DB>, companyId: number, input: LinkInput) {
  const wanted = [
    { name: input.ProductName, quantity: input.QuantityUsed, unit: input.QuantityUnit ?? null, dose: input.Dose ?? null, doseUnit: input.DoseUnit ?? null, lotId: input.LotID, at: '' },
    ...(input.TankMix ?? []).map((l, i) => ({
      name: l.ProductName, quantity: l.QuantityUsed, unit: l.QuantityUnit ?? null, dose: l.Dose ?? null, doseUnit: l.DoseUnit ?? null, lotId: l.LotID, at: `TankMix.${i}.`,
    })),
  ];
  const lines = [];
  for (const w of wanted) {
    const named = await findProductByName(trx, companyId, w.name);
    const product = named && (await lockProduct(trx, companyId, named.product_id));
    if (!product) {
      throw w.at === '' ? new AppError('not_found', msg.unknownProduct, 'ProductName') : new AppError('not_found', msg.unknownMixProduct(w.name), `${w.at}ProductName`);
    }
    if (w.unit !== null && product.unit !== null && w.unit !== product.unit) {
      throw new AppError('bad_request', msg.wrongUnit(product.name, product.unit), `${w.at}QuantityUnit`);
    }
    lines.push({ ...w, product });
  }
  return lines;
}

/**
 * Records one spraying (or release) on grid boxes: the spec's product and quantity, and the register's fields
 * (issue 22). Every box, product, problem and observation must be the caller's company's; the label's rules
 * are checked in the same transaction, so what is refused leaves nothing behind.
 */
export async function linkProductToBoxes({ db }: Deps, caller: Caller, input: LinkInput) {
  const boxIds = [...new Set(input.Grid_boxIDs)];
  const done = await db.transaction().execute(async (trx) => {
    const mix = await lockMix(trx, caller.company_id, input);
    const own = await repo.ownBoxIds(trx, caller.company_id, boxIds);
    if (own.size !== boxIds.length) throw new AppError('not_found', msg.foreignBoxes, 'Grid_boxIDs');
    const targets = await targetsOf(trx, caller.company_id, input);
    const gridArea = await repo.boxesArea(trx, caller.company_id, boxIds);
    // A typed area is what was sprayed (part of a box, or a grid with no cell size); else the boxes' own area.
    const area = input.AreaM2 !== undefined ? { area_m2: input.AreaM2, area_source: 'typed' as const } : gridArea !== null ? { area_m2: gridArea, area_source: 'grid' as const } : { area_m2: null, area_source: null };
    const startedAt = input.StartTime ? new Date(input.StartTime) : null;
    const endedAt = input.EndTime ? new Date(input.EndTime) : null;
    const times = applicationTimes(input.ApplicationDate, longest(mix.map((l) => l.product.reentry_interval_hours)), longest(mix.map((l) => l.product.preharvest_interval_days)), endedAt);
    const ruleLines: RuleLine[] = mix.map((l) => ({
      product: { ...l.product, max_dose: l.product.max_dose === null ? null : Number(l.product.max_dose) },
      quantity: l.quantity, dose: l.dose, doseUnit: l.doseUnit, productField: `${l.at}ProductName`, doseField: `${l.at}Dose`,
    }));
    const ctx = {
      companyId: caller.company_id, boxIds, cropEppo: input.CropEppo ?? null, bbch: input.BBCH ?? null,
      areaM2: area.area_m2, waterVolumeL: input.WaterVolumeL ?? null, day: times.application_date,
    };
    await checkProductRules(trx, ctx, ruleLines);
    const warnings = await beneficialWarnings(trx, ctx, mix.map((l) => l.product.product_id));
    const row: repo.NewApplication = {
      company_id: caller.company_id,
      product_id: mix[0]!.product.product_id,
      ...times,
      quantity_used: input.QuantityUsed,
      applied_by: caller.user_id,
      started_at: startedAt,
      ended_at: endedAt,
      operator_licence: await repo.operatorLicence(trx, caller.user_id),
      equipment: input.Equipment ?? null,
      crop_eppo: input.CropEppo ?? null,
      crop_name: input.CropName ?? null,
      bbch: input.BBCH ?? null,
      ...area,
      water_volume_l: input.WaterVolumeL ?? null,
      weather: input.Weather ? { ...input.Weather, source: input.Weather.source ?? 'typed' } : null,
      notes: input.Notes ?? null,
    };
    const products = mix.map((l) => ({ product_id: l.product.product_id, quantity_used: l.quantity, quantity_unit: l.unit, dose: l.dose, dose_unit: l.doseUnit }));
    const releases = (input.Releases ?? []).map((r) => ({ species: r.Species, quantity_per_m2: r.QuantityPerM2, method: r.Method }));
    const id = await repo.insertApplication(trx, row, boxIds, { products, releases, targets });
    const stock = await takeStock(trx, caller, id, times.application_date, mix, warnings);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'treatment.apply', entityType: 'treatment_application', entityId: id,
      after: { ...row, grid_box_ids: boxIds, products, releases, targets, ...(warnings.length > 0 ? { warnings } : {}) },
    });
    return { id, warnings, stock };
  });
  const row = (await repo.findApplication(db, caller.company_id, done.id))!;
  return { status: 'success' as const, message: msg.linked, application: toApplication(row), register: toRegisterDetails(row, done.warnings, done.stock) };
}

type MixLine = Awaited<ReturnType<typeof lockMix>>[number];

/**
 * What each product of the mix used comes off its stock lots (modules/stock), in the application's transaction:
 * a chosen lot that has expired is refused; an expired lot used because the good ones ran out, and use beyond
 * the recorded stock (kept as a shortfall), are warned.
 */
async function takeStock(trx: Transaction<DB>, caller: Caller, applicationId: number, day: string, mix: readonly MixLine[], warnings: string[]) {
  const out = [];
  for (const l of mix) {
    const taken = await deductStock({ db: trx }, {
      companyId: caller.company_id, productId: l.product.product_id, quantity: l.quantity, applicationId, userId: caller.user_id, on: day,
      ...(l.lotId === undefined ? {} : { lotId: l.lotId }),
    });
    const chosen = taken.deductions.find((d) => d.lot_id === l.lotId);
    if (chosen?.expired) throw new AppError('unprocessable', msg.expiredLotChosen(l.product.name, chosen.lot_number), `${l.at}LotID`);
    for (const d of taken.deductions) if (d.expired) warnings.push(msg.expiredLotUsed(l.product.name, d.lot_number, d.quantity));
    if (taken.shortBy > 0) warnings.push(msg.stockShort(l.product.name, taken.shortBy, l.product.unit ?? l.unit ?? ''));
    out.push({ product_id: l.product.product_id, deductions: taken.deductions, short_by: taken.shortBy });
  }
  return out;
}

/**
 * The problems aimed at: those named, those of the observations that led to the spraying, and the threshold
 * crossings that did (each its own target row, with its threshold's problem when the library or the company has
 * one of that name; another company's crossing is refused, naming CrossingIDs).
 */
async function targetsOf(trx: Transaction<DB>, companyId: number, input: LinkInput): Promise<repo.NewTarget[]> {
  const problemIds = [...new Set(input.TargetProblemIDs ?? [])];
  const observationIds = [...new Set(input.ObservationIDs ?? [])];
  const crossingIds = [...new Set(input.CrossingIDs ?? [])];
  const crossings = await ownCrossingIds({ db: trx }, companyId, crossingIds);
  if (crossings.size !== crossingIds.length) throw new AppError('not_found', msg.foreignCrossings, 'CrossingIDs');
  if (problemIds.length > 0) {
    const known = await repo.knownProblemIds(trx, companyId, problemIds);
    if (known.size !== problemIds.length) throw new AppError('not_found', msg.foreignProblems, 'TargetProblemIDs');
  }
  const observations = observationIds.length > 0 ? await repo.ownObservations(trx, companyId, observationIds) : [];
  if (observations.length !== observationIds.length) throw new AppError('not_found', msg.foreignObservations, 'ObservationIDs');
  const seen = new Set(observations.map((o) => o.problem_id));
  return [
    ...observations.map((o) => ({ problem_id: o.problem_id, observation_id: o.observation_id })),
    ...problemIds.filter((p) => !seen.has(p)).map((p) => ({ problem_id: p, observation_id: null })),
    ...crossingIds.map((c) => ({ problem_id: crossings.get(c) ?? null, observation_id: null, crossing_id: c })),
  ];
}
