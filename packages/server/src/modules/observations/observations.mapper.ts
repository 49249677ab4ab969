import type { Selectable } from 'kysely';
import type { ProblemObservation } from '@verdant/contract';
import type { ProblemObservationTable } from '../../db/schema.js';
import { iso, isoOrNull } from '../../lib/iso.js';
import { fullName } from '../../lib/full-name.js';

/** An observation row joined with its observer's name (null when no user is joined). */
export type ObservedRow = Omit<Selectable<ProblemObservationTable>, 'company_id' | 'field_response_id'> & {
  first_name: string | null;
  last_name: string | null;
};

/** The one wire shape of an observation: unresolved problems list it as is, batch problems add batch and room names. */
export const toObservation = (r: ObservedRow): ProblemObservation => ({
  ProblemID: r.observation_id,
  Problem: r.problem,
  PlantProblemID: r.problem_id,
  Severity: r.severity,
  RoomID: r.room_id,
  GridID: r.grid_id,
  GridBoxID: r.grid_box_id,
  Sub_gridboxID: r.sub_gridbox_id,
  BatchID: r.batch_id,
  ResponseID: r.response_id,
  Source: r.source,
  Notes: r.notes,
  ObservedAt: iso(r.observed_at),
  ObservedBy: r.observed_by,
  ObservedByName: fullName(r.first_name, r.last_name),
  Status: r.status,
  Confidence: r.confidence,
  StatusChangedAt: isoOrNull(r.status_changed_at),
  StatusChangedBy: r.status_changed_by,
});
