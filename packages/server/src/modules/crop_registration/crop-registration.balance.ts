import { addDays, INDICATOR_FORMULAS, INDICATOR_UNITS, type CropTarget, type Indicator } from '@verdant/contract';
import type { Deps } from '../../lib/deps.js';
import { notFound } from '../../lib/errors.js';
import { groupSums, indicatorWeeks, rangeWeeks, type IndicatorValues } from './crop-registration.indicators.js';
import * as repo from './crop-registration.repository.js';

const YEAR_DAYS = 364;

/** One planting's indicators of one week, and those of its room's same week a year before. */
export interface BalanceWeek {
  planting_id: number;
  room_id: number;
  room_name: string;
  week: string;
  plants_measured: number;
  values: IndicatorValues;
  last_year: IndicatorValues;
}

/**
 * The crop's weekly indicators per planting from `from` to `to` (Mondays), for the reports builder's crop balance
 * report (modules/reports). Read from the kept week sums (crop_registration_week_sums) by the indicators screen's own
 * formulas (weekIndicators), never from the registered values. The crop must be the company's (404); `roomIds` keeps
 * the plantings of those rooms, and since plantings are read by company a room of another company keeps none (the
 * caller answers it with a 404). `rooms` lists every room of the company that grew the crop, in the plantings' order.
 */
export async function cropBalanceWeeks(deps: Deps, companyId: number, q: { cropId: number; roomIds?: readonly number[]; from: string; to: string }) {
  const crop = await repo.cropOf(deps.db, companyId, q.cropId);
  if (!crop) throw notFound('Crop');
  const asked = q.roomIds?.length ? new Set(q.roomIds) : null;
  const plantings = (await repo.listPlantings(deps.db, companyId, { cropId: q.cropId })).filter((p) => !asked || asked.has(p.room_id));
  const ids = plantings.map((p) => p.planting_id);
  const [now, lastYear, targetRows] = await Promise.all([
    repo.weekSums(deps.db, companyId, ids, addDays(q.from, -7), q.to),
    repo.weekSums(deps.db, companyId, ids, addDays(q.from, -7 - YEAR_DAYS), addDays(q.to, -YEAR_DAYS)),
    repo.targets(deps.db, companyId, q.cropId),
  ]);
  const roomOfPlanting = new Map(plantings.map((p) => [p.planting_id, p.room_id]));
  // Last year: whatever planting of the crop the room had then (as the indicators screen reads it).
  const lastYearOfRoom = groupSums(lastYear, (r) => roomOfPlanting.get(r.planting_id)!);
  const floweringTarget = targetRows.find((t) => t.indicator === 'flowering_height')?.value ?? null;
  const weeks = indicatorWeeks(plantings, groupSums(now), lastYearOfRoom, rangeWeeks(q.from, q.to, YEAR_DAYS), floweringTarget,
    (p, week, plants, values, lastYearValues): BalanceWeek => ({
      planting_id: p.planting_id, room_id: p.room_id, room_name: p.room_name, week, plants_measured: plants, values, last_year: lastYearValues,
    }));
  const rooms = [...new Map(plantings.map((p) => [p.room_id, { room_id: p.room_id, name: p.room_name }])).values()];
  const targets: CropTarget[] = targetRows.map((t) => ({ target_id: t.target_id, crop_id: t.crop_id, indicator: t.indicator as Indicator, value: t.value }));
  return { crop: { crop_id: crop.crop_id, name: crop.name }, rooms, weeks, targets, formulas: INDICATOR_FORMULAS, units: INDICATOR_UNITS };
}
