import { z } from 'zod';

export const PROBLEM_ACTIONS = ['resolve', 'dismiss', 'reopen'] as const;
export type ProblemAction = (typeof PROBLEM_ACTIONS)[number];

/** Bulk reopen (per room, grid or type) brings back what was closed within this window. */
export const BULK_REOPEN_WINDOW_HOURS = 24;

/** `resolve`, `dismiss` or `reopen`, in any case; anything else is a 400 naming `action`. */
export const ProblemActionField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(PROBLEM_ACTIONS, { error: `must be one of ${PROBLEM_ACTIONS.join(', ')}` }),
);

/** One problem observation: a problem seen at a place and time (`ProblemID` is the observation's id). */
export const ProblemObservation = z.object({
  ProblemID: z.number(),
  Problem: z.string(),
  PlantProblemID: z.number().nullable(),
  Severity: z.number().nullable(),
  RoomID: z.number().nullable(),
  GridID: z.number().nullable(),
  GridBoxID: z.number().nullable(),
  Sub_gridboxID: z.number().nullable(),
  BatchID: z.number().nullable(),
  ResponseID: z.number().nullable(),
  Source: z.string(),
  Notes: z.string().nullable(),
  ObservedAt: z.string(),
  ObservedBy: z.number().nullable(),
  ObservedByName: z.string().nullable(),
  Status: z.enum(['open', 'resolved', 'dismissed', 'suspected']),
  /** A scan's detection confidence (0–1); null for a scout's observation. Absent in copies kept from before it existed. */
  Confidence: z.number().nullable().optional(),
  StatusChangedAt: z.string().nullable(),
  StatusChangedBy: z.number().nullable(),
});
export type ProblemObservation = z.infer<typeof ProblemObservation>;

/** Open observations of one problem in a scope: what the unresolved-room page groups by. */
export const ProblemSummary = z.object({
  Problem: z.string(),
  count: z.number(),
  max_severity: z.number().nullable(),
  last_observed_at: z.string(),
});

export const BoxProblems = z.object({
  GridBoxID: z.number(),
  x: z.number(),
  y: z.number(),
  CustomName: z.string().nullable(),
  problems: z.array(ProblemObservation),
});

/** One circle on the room map: a problem in a box, drawn in the company's colour. */
export const ProblemCircle = ProblemSummary.extend({ Color: z.string(), Abbreviation: z.string() });

/** Suspected problems of one kind in a box (unreviewed scan or camera detections), with the highest confidence. */
export const SuspectedSummary = ProblemSummary.extend({ confidence: z.number() });
export type SuspectedSummary = z.infer<typeof SuspectedSummary>;

export const BoxCircles = z.object({
  GridBoxID: z.number(),
  x: z.number(),
  y: z.number(),
  circles: z.array(ProblemCircle),
  /** Counted apart from the circles (issue 18); absent in copies a device kept from before it existed. */
  suspected: z.array(SuspectedSummary).optional(),
});

export const ActionResult = z.object({
  message: z.string(),
  action: z.enum(PROBLEM_ACTIONS),
  affected: z.number(),
  ProblemIDs: z.array(z.number()),
});

export const unresolvedProblemsMessages = {
  gridboxRequired: 'Gridbox ID is required',
  roomRequired: 'Room ID is required',
  gridRequired: 'Grid ID is required',
  placeRequired: 'roomID or gridID is required.',
  done: { resolve: 'Problems resolved.', dismiss: 'Problems dismissed.', reopen: 'Problems reopened.' },
  one: { resolve: 'Problem resolved.', dismiss: 'Problem dismissed.', reopen: 'Problem reopened.' },
  notOpen: 'This problem is not open, so it cannot be resolved or dismissed.',
  notClosed: 'This problem is already open.',
} as const;
