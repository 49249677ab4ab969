import { balanceLabel, INDICATORS, type Indicator, type Measure } from '@verdant/contract';

/** One measure's sums of a planting's week (kept in crop_registration_week_sums). */
export type Sums = { n: number; sumValue: number; nDelta: number; sumDelta: number };
/** A planting's weeks: week (Monday) → measure → sums. */
export type WeekSums = Map<string, Map<Measure, Sums>>;

export type IndicatorValues = Record<Indicator, number | null>;

const mean = (s: Sums | undefined) => (s && s.n > 0 ? s.sumValue / s.n : null);

/**
 * The week's change of a measure: the mean per plant of this week − last week (the delta kept on each value); in a
 * week no plant has both (a new sample set) the difference of the two weeks' means.
 */
export function weeklyChange(sums: WeekSums, week: string, previousWeek: string, measure: Measure): number | null {
  const now = sums.get(week)?.get(measure);
  if (now && now.nDelta > 0) return now.sumDelta / now.nDelta;
  const a = mean(now);
  const b = mean(sums.get(previousWeek)?.get(measure));
  return a === null || b === null ? null : a - b;
}

const round = (v: number | null, digits = 2) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/**
 * A planting's indicators of one week, by the formulas in the contract (INDICATOR_FORMULAS) and docs/decisions.md.
 * `floweringHeightTarget` is the crop's target for flowering height (the balance's reference), if the grower set one.
 */
export function weekIndicators(sums: WeekSums, week: string, previousWeek: string, stemsPerM2: number, floweringHeightTarget: number | null): { values: IndicatorValues; plants: number } {
  const m = sums.get(week) ?? new Map<Measure, Sums>();
  const growth = mean(m.get('weekly_growth')) ?? weeklyChange(sums, week, previousWeek, 'stem_length');
  const setTruss = mean(m.get('set_truss'));
  const harvestTruss = mean(m.get('harvest_truss'));
  const fruitsPerTruss = mean(m.get('fruits_per_truss'));
  const fruitLoad = setTruss !== null && harvestTruss !== null && fruitsPerTruss !== null
    ? Math.max(0, setTruss - harvestTruss) * fruitsPerTruss * stemsPerM2 : null;
  const floweringHeight = mean(m.get('flowering_height'));
  const balance = floweringHeight !== null && floweringHeightTarget !== null && floweringHeightTarget > 0 ? floweringHeight / floweringHeightTarget : null;
  const values: IndicatorValues = {
    growth: round(growth),
    flowering_speed: round(weeklyChange(sums, week, previousWeek, 'flowering_truss')),
    setting_speed: round(weeklyChange(sums, week, previousWeek, 'set_truss')),
    fruit_load: round(fruitLoad, 1),
    stem_diameter: round(mean(m.get('stem_diameter'))),
    stem_diameter_trend: round(weeklyChange(sums, week, previousWeek, 'stem_diameter')),
    flowering_height: round(floweringHeight),
    balance: round(balance),
  };
  let plants = 0;
  for (const s of m.values()) plants = Math.max(plants, s.n);
  return { values, plants };
}

export const emptyIndicators = (): IndicatorValues => Object.fromEntries(INDICATORS.map((k) => [k, null])) as IndicatorValues;
export { balanceLabel };
