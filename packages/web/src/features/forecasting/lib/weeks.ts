import type { Batch } from '@verdant/contract';

/** Statuses that will not be harvested any more. */
export const FINISHED_STATUSES = ['Harvested', 'Destroyed'];

/** The Monday (YYYY-MM-DD) of the week a YYYY-MM-DD date falls in; weeks start on Monday. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

export interface ForecastWeek {
  week: string;
  batches: Batch[];
  plants: number;
  preBooks: number;
}

export interface Forecast {
  weeks: ForecastWeek[];
  /** Open batches without an end date: they cannot be forecast. */
  undated: Batch[];
}

/** Expected harvests per Monday-based week, from the open batches' EndDate, oldest week first. */
export function forecastByWeek(batches: readonly Batch[]): Forecast {
  const open = batches.filter((b) => !b.Harvested && !FINISHED_STATUSES.includes(b.BatchStatus));
  const weeks = new Map<string, ForecastWeek>();
  for (const b of open) {
    if (!b.EndDate) continue;
    const week = mondayOf(b.EndDate);
    const w = weeks.get(week) ?? { week, batches: [], plants: 0, preBooks: 0 };
    w.batches.push(b);
    w.plants += b.NumberOfPlants;
    w.preBooks += b.PreBooks;
    weeks.set(week, w);
  }
  return { weeks: [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week)), undated: open.filter((b) => !b.EndDate) };
}
