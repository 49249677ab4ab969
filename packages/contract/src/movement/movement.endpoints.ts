import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CalendarDate, CompanyId, Id, NonEmpty } from '../common/fields.js';
import { Limit, Offset, SortOrder } from '../common/pagination.js';
import { Count, Position, SubGridbox, spoken } from '../sub_gridboxes/sub-gridboxes.schemas.js';
import { BatchMoveSchema } from '../batches/batch.schemas.js';
import { jsonText } from '../common/json-text.js';

/** The movement history's page size when the client sends none, and the most one page may ask for. */
export const MOVEMENT_HISTORY_LIMIT = 50;
export const MOVEMENT_HISTORY_MAX_LIMIT = 500;
export const MOVEMENT_SORT_KEYS = ['moved_at', 'plant_uid', 'from_room', 'to_room', 'moved_by'] as const;

/** Reason and notes count only when not blank after trimming: a form sends empty inputs as '' or spaces. */
const OptionalText = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .optional()
    .nullable()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

/** An object in JSON bodies; JSON text in query strings, forms and multipart. */
export const TargetPosition = z.preprocess(jsonText, Position);

const DateParam = CalendarDate;

export const Movement = z.object({
  movement_id: z.number(),
  plant_id: z.number(),
  plant_uid: z.string(),
  batch_id: z.number().nullable(),
  from_room_id: z.number().nullable(),
  from_room: z.string().nullable(),
  from_gridbox_id: z.number().nullable(),
  from_gridbox: z.string().nullable(),
  from_sub_gridbox_id: z.number().nullable(),
  from_sub_gridbox: z.string().nullable(),
  to_room_id: z.number().nullable(),
  to_room: z.string().nullable(),
  to_gridbox_id: z.number().nullable(),
  to_gridbox: z.string().nullable(),
  to_sub_gridbox_id: z.number().nullable(),
  to_sub_gridbox: z.string().nullable(),
  movement_reason: z.string().nullable(),
  notes: z.string().nullable(),
  moved_by_user_id: z.number().nullable(),
  /** The mover's full name. */
  moved_by: z.string().nullable(),
  moved_at: z.string(),
});
export type Movement = z.infer<typeof Movement>;

export const movementMessages = {
  companyRequired: 'Company ID is required',
  moved: 'Plant moved.',
  alreadyThere: 'The plant is already at that position.',
  noRoom: 'The target grid box has no free position; choose a target_position.',
  dateOrder: 'start_date must not be after end_date.',
  moveFailed: 'Failed to move plant',
  moveSubgridboxFailed: 'Failed to Move Subgridbox Plant',
  historyFailed: 'Failed to fetch company movement history',
} as const;

/** 'That position already holds plant P-7K2M9QXA.' */
export const positionOccupied = (plantUid: string) => `That position already holds plant ${plantUid}.`;

export const movementEndpoints = {
  movePlant: defineEndpoint({
    id: 'movePlant', domain: 'movement', method: 'POST', path: '/move_plant',
    summary: 'Move one plant (plant_uid) to a sub-box position of a grid box; without target_position, the first free one. ' +
      'Without plant_uid and with batch_id, old_room_id and new_room_id in the query, moves the batch between rooms (as /move_plants)',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { user: ['user_id'], resource: true },
    // The batch move shares this path (existing clients call it so); plant_uid, target_parent_gridbox_id and user_id are then not needed,
    // so their presence is checked by the handler (a zod refine could not see the query fields).
    query: z.object({ batch_id: Id.optional(), old_room_id: Id.optional(), new_room_id: Id.optional() }),
    either: z.object({
      plant_uid: NonEmpty.pipe(z.string().max(64, { error: 'must be at most 64 characters' })).optional(),
      target_parent_gridbox_id: Id.optional(),
      user_id: Id.optional(),
      target_position: TargetPosition.optional(),
      /** Forms may send the position as target_position[subx] and target_position[suby]. */
      'target_position[subx]': spoken(Count(10_000)),
      'target_position[suby]': spoken(Count(10_000)),
      movement_reason: OptionalText(500),
      notes: OptionalText(2000),
    }),
    response: z.union([
      success({ message: z.string(), movement: Movement, sub_gridbox: SubGridbox }),
      success({ message: z.string(), move: BatchMoveSchema, grid_links_cleared: z.number(), box_links_cleared: z.number() }),
    ]),
    clientMessages: movementMessages,
  }),
  getCompanyMovementHistory: defineEndpoint({
    id: 'getCompanyMovementHistory', domain: 'movement', method: 'GET', path: '/get_company_movement_history',
    summary: 'Plant moves of the company, newest first by default; filters by batch, room (from or to) and dates',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({
      company_id: spoken(CompanyId),
      batch_id: Id.optional(),
      room_id: Id.optional(),
      start_date: DateParam.optional(),
      end_date: DateParam.optional(),
      sort_by: z.enum(MOVEMENT_SORT_KEYS, { error: `must be one of ${MOVEMENT_SORT_KEYS.join(', ')}` }).default('moved_at'),
      sort_order: SortOrder,
      limit: Limit(MOVEMENT_HISTORY_LIMIT, MOVEMENT_HISTORY_MAX_LIMIT),
      offset: Offset,
    }),
    response: success({ total_count: z.number(), limit: z.number(), offset: z.number(), movements: z.array(Movement) }),
  }),
};
