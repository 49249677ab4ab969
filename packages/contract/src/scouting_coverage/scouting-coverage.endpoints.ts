import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';

/** The longest scouting interval a company or room may set (a year). */
export const SCOUTING_DAYS_MAX = 365;

export const scoutingCoverageMessages = {
  saved: 'Scouting frequency saved.',
  cleared: 'Scouting frequency cleared.',
  daysRange: `must be a whole number of days from 0 to ${SCOUTING_DAYS_MAX} (0 clears it)`,
} as const;

/** Days between two scouting visits; 0 clears the setting (company: no frequency, room: follows the company). */
export const DueEveryDays = z.coerce
  .number({ error: scoutingCoverageMessages.daysRange })
  .int({ error: scoutingCoverageMessages.daysRange })
  .min(0, { error: scoutingCoverageMessages.daysRange })
  .max(SCOUTING_DAYS_MAX, { error: scoutingCoverageMessages.daysRange });

export const ScoutingFrequency = z.object({
  /** The company's interval in days; null when the company has set none. */
  due_every_days: z.number().nullable(),
  /** Rooms with their own interval. */
  rooms: z.array(z.object({ RoomID: z.number(), Name: z.string(), due_every_days: z.number() })),
});

export const RoomCoverage = z.object({
  RoomID: z.number(),
  Name: z.string(),
  /** The interval that applies to this room (its own, else the company's); null when none is set. */
  due_every_days: z.number().nullable(),
  /** Whether due_every_days is the room's own override. */
  room_override: z.boolean(),
  /** The later of the current scouting round's start and now minus the interval; null: since the beginning. */
  round_started_at: z.string().nullable(),
  boxes_total: z.number(),
  boxes_scouted: z.number(),
  boxes_overdue: z.number(),
  last_scouted_at: z.string().nullable(),
  last_scouted_by: z.number().nullable(),
  last_scouted_by_name: z.string().nullable(),
  overdue: z.boolean(),
});
export type RoomCoverageRow = z.infer<typeof RoomCoverage>;

export const scoutingCoverageEndpoints = {
  getScoutingFrequency: defineEndpoint({
    id: 'getScoutingFrequency', domain: 'scouting_coverage', method: 'GET', path: '/get_scouting_frequency',
    summary: 'How often rooms must be scouted: the company interval and the rooms that override it (not in the spec, see docs/decisions.md)',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success(ScoutingFrequency.shape),
  }),
  setScoutingFrequency: defineEndpoint({
    id: 'setScoutingFrequency', domain: 'scouting_coverage', method: 'POST', path: '/set_scouting_frequency',
    summary: "Set the company's scouting interval in days, or one room's with room_id; 0 clears it (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, room_id: Id.optional(), due_every_days: DueEveryDays }),
    response: success({ message: z.string(), ...ScoutingFrequency.shape }),
  }),
  getScoutingCoverage: defineEndpoint({
    id: 'getScoutingCoverage', domain: 'scouting_coverage', method: 'GET', path: '/get_scouting_coverage',
    summary: 'Share of boxes scouted per room in the current round, by whom and when; with room_id also its overdue boxes',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, room_id: Id.optional() }),
    response: success({
      generated_at: z.string(),
      rooms: z.array(RoomCoverage),
      /** Only with room_id: that room's boxes not scouted within the interval. */
      overdue_GridBoxIDs: z.array(z.number()).optional(),
    }),
  }),
};
