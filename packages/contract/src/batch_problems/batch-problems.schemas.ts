import { z } from 'zod';
import { Id } from '../common/fields.js';
import { SEVERITY_SCALE_MAX, SEVERITY_SCALE_MIN } from '../problem_colors/problem-vocabulary.js';
import { ListField } from '../common/list-field.js';
import { ProblemObservation } from '../unresolved_problems/unresolved-problems.schemas.js';

/** Rooms one call may name: a batch rarely spans more than a handful. */
export const BATCH_PROBLEM_MAX_ROOMS = 100;

/** The field names the spec's message lists, in its order: the first missing one is the error's field. */
export const BATCH_PROBLEM_REQUIRED = ['batch_id', 'problem_type', 'severity', 'company_id', 'user_id'] as const;

export const batchProblemsMessages = {
  /** The sentence the existing clients show, word for word; the server answers it too when a required field is missing. */
  missingFields: 'Missing required fields: batch_id, problem_type, severity, company_id, user_id',
  severityFinite: 'severity must be a finite number.',
  created: 'Batch problem recorded.',
  resolved: 'Batch problems resolved.',
  noneOpen: 'No open problems of this batch matched.',
} as const;

/**
 * The severity scale: the spec says only "finite number"; Verdant has one scale for forms, observations
 * and batch problems, 1 trace … 5 severe (problem-vocabulary.ts, docs/decisions.md "One problem vocabulary").
 */
export const SEVERITY_MIN = SEVERITY_SCALE_MIN;
export const SEVERITY_MAX = SEVERITY_SCALE_MAX;

/** A finite number on the severity scale: 'abc', NaN, Infinity, 0 and 10 are refused (the web offers 1 to 5). */
export const BatchProblemSeverity = z.coerce
  .number({ error: 'must be a finite number' })
  .refine(Number.isFinite, { error: 'must be a finite number' })
  .min(SEVERITY_MIN, { error: `must be between ${SEVERITY_MIN} and ${SEVERITY_MAX}` })
  .max(SEVERITY_MAX, { error: `must be between ${SEVERITY_MIN} and ${SEVERITY_MAX}` });

export const BatchProblemRoomIds = ListField(Id, { max: BATCH_PROBLEM_MAX_ROOMS, what: 'room ids' });

/** A batch problem: a problem observation with source 'batch_problem', its batch and room spelled out. */
export const BatchProblem = ProblemObservation.extend({
  BatchNumber: z.string().nullable(),
  RoomName: z.string().nullable(),
});
export type BatchProblem = z.infer<typeof BatchProblem>;
