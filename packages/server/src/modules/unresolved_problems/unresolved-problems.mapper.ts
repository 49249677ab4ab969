import type { BoxProblemRow, ObservationRow } from './unresolved-problems.repository.js';
import { iso } from '../../lib/iso.js';

export { toObservation } from '../observations/observations.mapper.js';

/** Open observations grouped by problem (case-insensitive), most frequent first. */
export function summarise(rows: ObservationRow[]) {
  const groups = new Map<string, { Problem: string; count: number; max_severity: number | null; last: Date }>();
  for (const r of rows) {
    const key = r.problem.toLowerCase();
    const g = groups.get(key) ?? { Problem: r.problem, count: 0, max_severity: null, last: new Date(r.observed_at) };
    g.count += 1;
    if (r.severity !== null) g.max_severity = Math.max(g.max_severity ?? r.severity, r.severity);
    if (new Date(r.observed_at) > g.last) g.last = new Date(r.observed_at);
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || a.Problem.localeCompare(b.Problem))
    .map(({ last, ...g }) => ({ ...g, last_observed_at: last.toISOString() }));
}

export const toSummary = (r: BoxProblemRow) => ({
  Problem: r.problem,
  count: r.count,
  max_severity: r.max_severity,
  last_observed_at: iso(r.last_observed_at),
});
