import { z } from 'zod';

/**
 * Verdant extension (docs/decisions.md, "Action thresholds"): per company and problem, optionally per room
 * and crop status, an amber and a red level on a count of observations or their highest severity over a
 * rolling window. Below amber is green. The spec's per-user `threshold` is untouched: it stays the user's
 * own sensitivity.
 */
export const THRESHOLD_METRICS = ['count', 'severity'] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];
export const THRESHOLD_LEVELS = ['green', 'amber', 'red'] as const;
export type ThresholdLevel = (typeof THRESHOLD_LEVELS)[number];
export const THRESHOLD_WINDOW_HOURS_MAX = 8760;
export const THRESHOLD_VALUE_MAX = 1_000_000;
export const THRESHOLD_TEXT_MAX = 200;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const cleanText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => !s.includes('\u0000'), { error: 'must not contain NUL characters' })
    .refine((s) => !LONE_SURROGATE.test(s), { error: 'must be valid Unicode text' });

export const ThresholdProblem = cleanText(THRESHOLD_TEXT_MAX);
export const ThresholdCropStatus = cleanText(100);
export const ThresholdMetricSchema = z.enum(THRESHOLD_METRICS, { error: 'must be count or severity' });
export const ThresholdValue = z.coerce
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, { error: 'must be a number' })
  .positive({ error: 'must be more than 0' })
  .max(THRESHOLD_VALUE_MAX, { error: `must be at most ${THRESHOLD_VALUE_MAX}` });
export const ThresholdWindowHours = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(THRESHOLD_WINDOW_HOURS_MAX, { error: `must be at most ${THRESHOLD_WINDOW_HOURS_MAX}` });

export const ActionThreshold = z.object({
  threshold_id: z.number(),
  problem: z.string(),
  room_id: z.number().nullable(),
  room_name: z.string().nullable(),
  crop_status: z.string().nullable(),
  metric: ThresholdMetricSchema,
  window_hours: z.number(),
  amber: z.number(),
  red: z.number(),
  notification_id: z.number().nullable(),
  /** Each crossing makes a task assigned to `assign_to` (a user of the company). */
  create_task: z.boolean(),
  assign_to: z.number().nullable(),
  assign_to_name: z.string().nullable(),
  /** The level now, in the worst room it applies to (green when nothing is over amber). */
  level: z.enum(THRESHOLD_LEVELS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ActionThreshold = z.infer<typeof ActionThreshold>;

/** A room over a threshold now: its worst level and the problems over it (rooms absent are green). */
export const RoomThresholdLevel = z.object({
  room_id: z.number(),
  room_name: z.string(),
  level: z.enum(['amber', 'red']),
  problems: z.array(z.string()),
});
export type RoomThresholdLevel = z.infer<typeof RoomThresholdLevel>;

/**
 * A threshold crossing running now in the room of some of the asked boxes (issue 22: a target an application can
 * name). Crossings are measured per room, so every asked box of that room carries it (`grid_box_ids`, ascending).
 */
export const BoxThresholdCrossing = z.object({
  crossing_id: z.number(),
  threshold_id: z.number(),
  problem: z.string(),
  level: z.enum(['amber', 'red']),
  metric: z.enum(THRESHOLD_METRICS),
  /** What was measured when it crossed (a count, or the highest severity). */
  value: z.number(),
  amber: z.number(),
  red: z.number(),
  window_hours: z.number(),
  room_id: z.number(),
  room_name: z.string(),
  crossed_at: z.string(),
  /** When its window ends (it is no longer offered after). */
  window_end: z.string(),
  grid_box_ids: z.array(z.number()),
});
export type BoxThresholdCrossing = z.infer<typeof BoxThresholdCrossing>;

/** The most boxes one crossing read names (an application's boxes, a bench room in one sweep). */
export const CROSSINGS_BOXES_MAX = 5000;

export const thresholdsMessages = {
  saved: 'Threshold saved.',
  deleted: 'Threshold deleted.',
  notFound: 'Threshold not found.',
  redBelowAmber: 'The red level must be at least the amber level.',
  assigneeRequired: 'Choose who gets the task.',
  noTaskForm: 'The company has no task form to make the task with: add one under Forms first.',
  getFailed: 'Could not load the thresholds.',
  levelsFailed: 'Could not load the rooms\' threshold levels.',
  saveFailed: 'Could not save the threshold.',
  deleteFailed: 'Could not delete the threshold.',
  crossingsFailed: 'Could not load the threshold crossings of these boxes.',
} as const;
