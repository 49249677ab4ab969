import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { Id } from '../common/fields.js';
import { DateRange, OptionalDateRange } from '../forms/form-responses.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

/** One sticky-trap reading: a response with `sticky-trap-count` answers, their counts and their sum. */
export const StickyTrapReading = z.object({
  response_id: z.number(),
  TemplateID: z.number(),
  GridID: z.number().nullable(),
  GridBoxID: z.number().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  SubmittedBy: z.number().nullable(),
  SubmittedByName: z.string().nullable(),
  ObservedAt: z.string(),
  total: z.number(),
  counts: z.array(z.object({ fieldID: z.number(), FieldName: z.string(), count: z.number() })),
});
export type StickyTrapReading = z.infer<typeof StickyTrapReading>;

export const stickyTrapsEndpoints = {
  checkForStickytrap: defineEndpoint({
    id: 'checkForStickytrap', domain: 'sticky_traps', method: 'GET', path: '/check_for_stickytrap',
    summary: 'Whether a grid box has any sticky-trap reading, and its latest',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridBoxID: Id }),
    response: success({ GridBoxID: z.number(), has_submission: z.boolean(), latest: StickyTrapReading.nullable() }),
  }),
  getStickyTrapResponsesByGridboxDate: defineEndpoint({
    id: 'getStickyTrapResponsesByGridboxDate', domain: 'sticky_traps', method: 'GET',
    path: '/get_field_responses_by_gridbox_date/stickytraps',
    summary: "A grid box's sticky-trap readings observed in a range of days, oldest first (a chart's series)",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridBoxID: Id, ...DateRange }),
    response: success({ GridBoxID: z.number(), responses: z.array(StickyTrapReading) }),
  }),
  getStickyTrapResponsesGrid: defineEndpoint({
    id: 'getStickyTrapResponsesGrid', domain: 'sticky_traps', method: 'GET', path: '/get_sticky_trap_responses_grid',
    summary: "The latest sticky-trap reading of each box of a grid (within the days given, if any), for the map",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridID: Id, ...OptionalDateRange }),
    response: success({ GridID: z.number(), boxes: z.array(StickyTrapReading) }),
  }),
};
