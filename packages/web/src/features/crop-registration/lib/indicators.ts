import { INDICATORS, type CropTarget, type Indicator, type IndicatorWeek } from '@verdant/contract';

export { INDICATORS, type Indicator };

/** One chart row per week: each room's value of the indicator, and last year's of each room under `<room> ly`. */
export interface IndicatorRow {
  week: string;
  [series: string]: number | string | null;
}

/** The rooms of an indicator answer, in name order, with the planting each belongs to. */
export function roomsOf(weeks: readonly IndicatorWeek[]): Array<{ planting_id: number; room_name: string }> {
  const seen = new Map<number, string>();
  for (const w of weeks) if (!seen.has(w.planting_id)) seen.set(w.planting_id, w.room_name);
  return [...seen].map(([planting_id, room_name]) => ({ planting_id, room_name })).sort((a, b) => a.room_name.localeCompare(b.room_name));
}

/** The indicator's weekly table for the chart: a column per planting (`p<id>`) and its last year (`p<id>ly`). */
export function indicatorRows(weeks: readonly IndicatorWeek[], indicator: Indicator): IndicatorRow[] {
  const rows = new Map<string, IndicatorRow>();
  for (const w of weeks) {
    const row = rows.get(w.week) ?? { week: w.week };
    row[`p${w.planting_id}`] = w.values[indicator];
    row[`p${w.planting_id}ly`] = w.last_year[indicator];
    rows.set(w.week, row);
  }
  return [...rows.values()].sort((a, b) => a.week.localeCompare(b.week));
}

/** The latest week each planting has figures for (what the comparison table shows). */
export function latestPerRoom(weeks: readonly IndicatorWeek[]): IndicatorWeek[] {
  const latest = new Map<number, IndicatorWeek>();
  for (const w of weeks) {
    const had = latest.get(w.planting_id);
    if (w.plants_measured > 0 && (!had || had.week < w.week)) latest.set(w.planting_id, w);
  }
  return [...latest.values()].sort((a, b) => a.room_name.localeCompare(b.room_name));
}

export const targetOf = (targets: readonly CropTarget[], indicator: Indicator) => targets.find((t) => t.indicator === indicator);

/** A figure against its reference as a signed percentage ("+12 %"), or null when either is missing or zero. */
export function differencePercent(value: number | null, reference: number | null | undefined): number | null {
  if (value === null || reference === null || reference === undefined || reference === 0) return null;
  return Math.round(((value - reference) / Math.abs(reference)) * 100);
}
