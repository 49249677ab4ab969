import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CalendarDate, CompanyId, Id } from '../common/fields.js';

/** How far back the pressure map looks: 12 Monday weeks, or the 84 days of them. */
export const PRESSURE_WEEKS = 12;
export const PRESSURE_STEPS = ['week', 'day'] as const;
export type PressureStep = (typeof PRESSURE_STEPS)[number];
/** A sticky-trap reading of this many insects weighs as much as one observed problem (docs/decisions.md, "Pressure map"). */
export const TRAP_INSECTS_PER_OBSERVATION = 10;

export const pressureMessages = {
  step: `must be one of ${PRESSURE_STEPS.join(', ')}`,
  problem: 'must be a problem name of at most 200 characters',
} as const;

export const PressureFrame = z.object({
  /** First day of the frame (a Monday for weeks), YYYY-MM-DD. */
  start: z.string(),
  /** Last day of the frame, included. */
  end: z.string(),
});
export type PressureFrame = z.infer<typeof PressureFrame>;

export const PressureFrames = z.object({
  step: z.enum(PRESSURE_STEPS),
  /** The zone whose midnight starts a day (UTC until companies have a time zone). */
  time_zone: z.string(),
  /** The problem asked for, or null for all problems. */
  problem: z.string().nullable(),
  /** A box whose pressure in a frame is at least this is hot; 4-neighbour groups of hot boxes are hot spots. */
  hot_threshold: z.number(),
  frames: z.array(PressureFrame),
  /** The room's boxes that have any pressure in the range, ascending; other boxes are 0 in every frame. */
  GridBoxIDs: z.array(z.number()),
  /** values[frame][i]: the pressure of GridBoxIDs[i] in that frame (frame-major, so a frame is one array). */
  values: z.array(z.array(z.number())),
  /** Problems seen in the room in the range (observations and trap counts), for the picker. */
  problems: z.array(z.string()),
});
export type PressureFrames = z.infer<typeof PressureFrames>;

const ProblemName = z
  .string()
  .trim()
  .min(1, { error: pressureMessages.problem })
  .max(200, { error: pressureMessages.problem });

export const pressureEndpoints = {
  getRoomPressureFrames: defineEndpoint({
    id: 'getRoomPressureFrames', domain: 'pressure', method: 'GET', path: '/get_room_pressure_frames',
    summary: 'Pressure per box of a room over the last 12 weeks, by week or day, in one answer (not in the spec, see docs/decisions.md)',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      room_id: Id,
      step: z.enum(PRESSURE_STEPS, { error: pressureMessages.step }).default('week'),
      problem: ProblemName.optional(),
      /** The last day shown; today (UTC) when absent. */
      end_date: CalendarDate.refine((d) => d >= '1900-01-01', { error: 'must be a date from 1900-01-01 on' }).optional(),
    }),
    response: success(PressureFrames.shape),
  }),
};
