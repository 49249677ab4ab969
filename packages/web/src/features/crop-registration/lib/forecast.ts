import type { EndpointOutput, cropRegistrationEndpoints } from '@verdant/contract';

type Accuracy = EndpointOutput<typeof cropRegistrationEndpoints.getForecastAccuracy>;

/** A harvest week with its recorded kg/m² and what was forecast for it 1, 2, … weeks before (`h1` … `h5`). */
export interface AccuracyWeek {
  week: string;
  actual: number | null;
  byHorizon: Record<number, number>;
}

/** The accuracy rows pivoted by the week forecast: one line per week, oldest first. */
export function accuracyWeeks(rows: Accuracy['rows']): AccuracyWeek[] {
  const weeks = new Map<string, AccuracyWeek>();
  for (const r of rows) {
    const w = weeks.get(r.week) ?? { week: r.week, actual: null, byHorizon: {} };
    if (r.actual_kg_per_m2 !== null) w.actual = r.actual_kg_per_m2;
    w.byHorizon[r.horizon] = r.forecast_kg_per_m2;
    weeks.set(r.week, w);
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}
