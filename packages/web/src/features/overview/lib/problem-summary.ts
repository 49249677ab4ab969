import { addDays, mondayOf, type ObservationListItem, type TrendRange, type TrendSeries } from '@verdant/contract';

export interface WeekTotal {
  /** The week's Monday. */
  week: string;
  total: number;
}

/**
 * Observations of every problem together per Monday week of the answer's range, oldest first. The server
 * picks the buckets (days for a range of a few weeks), so they are summed into the weeks they fall in.
 */
export function weeklyTotals(answer: { range: TrendRange; trends: readonly TrendSeries[] }): WeekTotal[] {
  const totals = new Map<string, number>();
  for (let week = mondayOf(answer.range.start_date); week <= answer.range.end_date; week = addDays(week, 7)) totals.set(week, 0);
  for (const series of answer.trends) {
    for (const p of series.points) {
      const week = mondayOf(p.bucket);
      totals.set(week, (totals.get(week) ?? 0) + p.value);
    }
  }
  return [...totals].map(([week, total]) => ({ week, total })).sort((a, b) => a.week.localeCompare(b.week));
}

export interface Change {
  current: number;
  previous: number;
  /** current − previous. */
  delta: number;
}

/** The last bucket against the one before it (null with fewer than two). */
export function lastChange(weeks: readonly WeekTotal[]): Change | null {
  if (weeks.length < 2) return null;
  const current = weeks[weeks.length - 1]!.total;
  const previous = weeks[weeks.length - 2]!.total;
  return { current, previous, delta: current - previous };
}

export interface Ranked<K> {
  key: K;
  label: string;
  count: number;
}

function rank<K>(items: Iterable<[K, string]>, limit: number): Ranked<K>[] {
  const counts = new Map<K, Ranked<K>>();
  for (const [key, label] of items) {
    const r = counts.get(key) ?? { key, label, count: 0 };
    r.count += 1;
    counts.set(key, r);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, limit);
}

/** Rooms with the most open observations, most first (observations outside a room are left out). */
export function worstRooms(open: readonly ObservationListItem[], limit = 5): Ranked<number>[] {
  return rank(
    open.flatMap((o): Array<[number, string]> => (o.RoomID === null ? [] : [[o.RoomID, o.RoomName ?? `#${o.RoomID}`]])),
    limit,
  );
}

/** The problems seen most among the open observations, most first. */
export function topProblems(open: readonly ObservationListItem[], limit = 3): Ranked<string>[] {
  return rank(
    open.map((o): [string, string] => [o.Problem, o.Problem]),
    limit,
  );
}
