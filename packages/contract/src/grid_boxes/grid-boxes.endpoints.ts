import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Flag01, Id } from '../common/fields.js';
import { GridBoxSchema, NAME_MAX } from '../rooms/rooms.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

export const CulledGridBox = GridBoxSchema.extend({
  CulledDateTime: z.string().nullable(),
  CulledBy: z.number().nullable(),
});

export const NamedGridBox = z.object({
  id: z.number(),
  GridID: z.number(),
  X: z.number(),
  Y: z.number(),
  CustomName: z.string(),
});

export const PLANT_HISTORY_KINDS = [
  'culled',
  'unculled',
  'renamed',
  'plant_moved_in',
  'plant_moved_out',
  'form_submitted',
  'problem_observed',
  'comment',
] as const;

/** One dated event of a grid box: culling, renames, plant moves in or out, forms submitted on it, problems observed in it and comments on its forms. */
export const PlantHistoryEntry = z.object({
  kind: z.enum(PLANT_HISTORY_KINDS),
  date: z.string(),
  at: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  description: z.string(),
  plant_uid: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type PlantHistoryEntry = z.infer<typeof PlantHistoryEntry>;

export const gridBoxesMessages = {
  culled: 'Grid box culled.',
  unculled: 'Grid box restored.',
  renamed: 'Grid box renamed.',
  renamedMeanwhile: 'This box was renamed by someone else meanwhile; it is now called "{name}".',
  clearedMeanwhile: 'The name of this box was cleared by someone else meanwhile.',
  offlineSkip: 'Offline – skipping fetch',
} as const;

export const gridBoxesEndpoints = {
  updateCullingStatus: defineEndpoint({
    id: 'updateCullingStatus', domain: 'grid_boxes', method: 'POST', path: '/update_culling_status',
    summary: 'Cull (culled=1) or restore (culled=0) a grid box; culled defaults to 1',
    auth: anyone, tenancy: { user: ['user_id'], resource: true },
    body: { kind: 'form', schema: z.object({ GridBoxID: Id, user_id: Id, culled: Flag01.default(1) }) },
    response: success({ message: z.string(), grid_box: CulledGridBox }),
  }),
  getCulledGridboxes: defineEndpoint({
    id: 'getCulledGridboxes', domain: 'grid_boxes', method: 'GET', path: '/get_culled_gridboxes',
    summary: 'The culled boxes of a grid',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridID: Id }),
    response: success({ GridID: z.number(), grid_boxes: z.array(CulledGridBox) }),
    clientMessages: gridBoxesMessages,
  }),
  updateGridBoxName: defineEndpoint({
    id: 'updateGridBoxName', domain: 'grid_boxes', method: 'POST', path: '/update_grid_box_name',
    summary: 'Name a grid box; an empty custom_name clears the name',
    auth: anyone, tenancy: { resource: true },
    body: {
      kind: 'form',
      schema: z.object({
        GridBoxID: Id,
        custom_name: z.string({ error: 'is required' }).trim().max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` }),
        /**
         * Verdant extension: the name the user saw when renaming ('' for none). When the box's name has
         * changed since (and is not already the new one), the rename is refused with 409 instead of
         * overwriting someone else's change (a rename queued offline is sent later).
         */
        expected_custom_name: z.string().trim().max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` }).optional(),
      }),
    },
    response: success({ message: z.string(), grid_box: GridBoxSchema }),
  }),
  getGridboxesNames: defineEndpoint({
    id: 'getGridboxesNames', domain: 'grid_boxes', method: 'GET', path: '/get_gridboxes_names',
    summary: 'The named boxes of a grid (unnamed boxes are left out)',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridID: Id }),
    response: success({ GridID: z.number(), grid_boxes: z.array(NamedGridBox) }),
    clientMessages: gridBoxesMessages,
  }),
  getPlantHistoryDate: defineEndpoint({
    id: 'getPlantHistoryDate', domain: 'grid_boxes', method: 'GET', path: '/get_plant_history_date',
    summary: 'Dated history of a grid box, newest first (an empty list when nothing happened yet)',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, Grid_boxID: Id }),
    response: success({ Grid_boxID: z.number(), dates: z.array(z.string()), history: z.array(PlantHistoryEntry) }),
  }),
};
