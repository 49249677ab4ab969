import type { BatchProblem } from '@verdant/contract';
import type { BatchProblemRow } from './batch-problems.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export const toBatchProblem = (r: BatchProblemRow): BatchProblem => ({
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
  ObservedByName: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
  Status: r.status,
  StatusChangedAt: r.status_changed_at === null ? null : iso(r.status_changed_at),
  StatusChangedBy: r.status_changed_by,
  BatchNumber: r.batch_number,
  RoomName: r.room_name,
});
