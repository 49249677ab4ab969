import { addDays, balanceLabel, INDICATORS, type Indicator, type Measure } from '@verdant/contract';
import type { WeekSumRow } from './crop-registration.repository.js';

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

const EMPTY = Object.freeze(Object.fromEntries(INDICATORS.map((k) => [k, null])) as IndicatorValues);
export const emptyIndicators = (): IndicatorValues => ({ ...EMPTY });
export { balanceLabel };

/**
 * Week sums by a key (the planting by default; last year's by room) and week, one measure's types added up (a removed
 * type and its successor). A key's two rows of one week (two plantings of a room) keep the later one.
 */
export function groupSums(rows: readonly WeekSumRow[], keyOf: (r: WeekSumRow) => number = (r) => r.planting_id): Map<number, WeekSums> {
  const out = new Map<number, WeekSums>();
  for (const r of rows) {
    const key = keyOf(r);
    let weeks = out.get(key);
    if (!weeks) out.set(key, (weeks = new Map()));
    const measures = new Map<Measure, Sums>();
    for (let i = 0; i < r.measures.length; i++) {
      const measure = r.measures[i] as Measure | null;
      if (measure === null) continue;
      const s = measures.get(measure);
      if (s) {
        s.n += r.n[i]!;
        s.sumValue += r.sum_value[i]!;
        s.nDelta += r.n_delta[i]!;
        s.sumDelta += r.sum_delta[i]!;
      } else measures.set(measure, { n: r.n[i]!, sumValue: r.sum_value[i]!, nDelta: r.n_delta[i]!, sumDelta: r.sum_delta[i]! });
    }
    weeks.set(r.week, measures);
  }
  return out;
}

/** A week of an asked range with the weeks its indicators read. */
export type RangeWeek = { week: string; previous: string; lastYear: string; lastYearPrevious: string };

/** The Mondays from `from` to `to` with the weeks each reads, computed once for every planting of a read. */
export function rangeWeeks(from: string, to: string, yearDays: number): RangeWeek[] {
  const out: RangeWeek[] = [];
  for (let w = from; w <= to; w = addDays(w, 7)) {
    const lastYear = addDays(w, -yearDays);
    out.push({ week: w, previous: addDays(w, -7), lastYear, lastYearPrevious: addDays(lastYear, -7) });
  }
  return out;
}

/**
 * Each planting's indicators of its registered weeks of the range (planting order, then week) and those of its room's
 * same week a year before (nulls without one), each week answered as `build` makes it: the indicators screen and the
 * crop balance report read the same weeks by the same formulas.
 */
export function indicatorWeeks<P extends { planting_id: number; room_id: number; stems_per_m2: number }, T>(
  plantings: readonly P[], sums: Map<number, WeekSums>, lastYearOfRoom: Map<number, WeekSums>, weeks: readonly RangeWeek[],
  floweringHeightTarget: number | null, build: (p: P, week: string, plants: number, values: IndicatorValues, lastYear: IndicatorValues) => T,
): T[] {
  const out: T[] = [];
  for (const p of plantings) {
    const s = sums.get(p.planting_id);
    if (!s) continue;
    const before = lastYearOfRoom.get(p.room_id);
    for (const w of weeks) {
      if (!s.has(w.week)) continue;
      const { values, plants } = weekIndicators(s, w.week, w.previous, p.stems_per_m2, floweringHeightTarget);
      const lastYear = before?.has(w.lastYear) ? weekIndicators(before, w.lastYear, w.lastYearPrevious, p.stems_per_m2, floweringHeightTarget).values : emptyIndicators();
      out.push(build(p, w.week, plants, values, lastYear));
    }
  }
  return out;
}
