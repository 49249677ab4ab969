import { z } from 'zod';
import { absentIfBlank } from '../common/list-field.js';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CalendarDate, CompanyId, Id } from '../common/fields.js';
import { Cursor, Limit, Offset, SortOrder } from '../common/pagination.js';
import { PlaceFields } from '../rooms/rooms.schemas.js';
import { Photo } from '../forms/form-responses.schemas.js';

/**
 * Verdant extension: the spec has no call that lists observations across a company, yet the
 * `observations` screen (issue 4) lists recent ones with filters. One read, paged, newest first.
 */
/** 'suspected': a scan's or camera's detection nobody has reviewed yet (issue 18), counted apart from the rest. */
export const OBSERVATION_STATUSES = ['open', 'resolved', 'dismissed', 'suspected'] as const;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];
export const OBSERVATIONS_LIMIT = 50;
export const OBSERVATIONS_MAX_LIMIT = 200;

const DateParam = CalendarDate;

/** One observation with its place spelled out, as the list shows it (`ProblemID` is the observation's id). */
export const ObservationListItem = z.object({
  ProblemID: z.number(),
  Problem: z.string(),
  Severity: z.number().nullable(),
  Status: z.enum(OBSERVATION_STATUSES),
  ...PlaceFields,
  ResponseID: z.number().nullable(),
  ObservedAt: z.string(),
  ObservedBy: z.number().nullable(),
  ObservedByName: z.string().nullable(),
  Source: z.string(),
  /** A suspected problem's detection confidence (0–1); null for others. Absent in copies a device kept from before it existed. */
  Confidence: z.number().nullable().optional(),
  /** The photos of the form response it came from (empty without one). */
  photos: z.array(Photo),
});
export type ObservationListItem = z.infer<typeof ObservationListItem>;

export const observationsMessages = {
  fetchFailed: 'Failed to fetch observations',
  dateOrder: 'start_date must not be after end_date.',
} as const;

export const observationsEndpoints = {
  getProblemObservations: defineEndpoint({
    id: 'getProblemObservations', domain: 'observations', method: 'GET', path: '/get_problem_observations',
    summary:
      'Verdant extension. Problem observations of the company, newest first, filtered by status, room (its grids included), grid, problem (case-insensitive, part of the name) and observation dates (inclusive, UTC)',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      status: absentIfBlank(z.enum(OBSERVATION_STATUSES, { error: `must be one of ${OBSERVATION_STATUSES.join(', ')}` })),
      room_id: absentIfBlank(Id),
      grid_id: absentIfBlank(Id),
      problem: absentIfBlank(z.string().trim().max(200, { error: 'must be at most 200 characters' })),
      start_date: absentIfBlank(DateParam),
      end_date: absentIfBlank(DateParam),
      sort_order: SortOrder,
      limit: Limit(OBSERVATIONS_LIMIT, OBSERVATIONS_MAX_LIMIT),
      offset: Offset,
      /** Keyset paging (issue 19): the `next_cursor` of the page before; `offset` then skips from there. */
      cursor: Cursor,
    }),
    response: success({
      /** Exact without a room or grid filter; with one, counted up to COUNT_CAP (then `total_capped`). */
      total_count: z.number(),
      /** True when total_count stopped at COUNT_CAP (issue 19). Always sent; optional for copies kept before it. */
      total_capped: z.boolean().optional(),
      limit: z.number(),
      offset: z.number(),
      /** Where the next page starts (null on the last page; issue 19). Always sent. */
      next_cursor: z.string().nullable().optional(),
      observations: z.array(ObservationListItem),
    }),
    clientMessages: { failure: observationsMessages.fetchFailed },
  }),
};
