import type { BoxProblemRow, RoomSummaryRow } from './unresolved-problems.repository.js';
import { iso } from '../../lib/iso.js';

export { toObservation } from '../observations/observations.mapper.js';

/** A room's summary rows (grouped by problem in the database) most frequent first, then by name. */
export const inSummaryOrder = (rows: RoomSummaryRow[]) => rows.sort((a, b) => b.count - a.count || a.Problem.localeCompare(b.Problem));

export const toSummary = (r: BoxProblemRow) => ({
  Problem: r.problem,
  count: r.count,
  max_severity: r.max_severity,
  last_observed_at: iso(r.last_observed_at),
});
