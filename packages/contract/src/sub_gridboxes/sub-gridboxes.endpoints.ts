import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { Id } from '../common/fields.js';
import {
  AUTO_INITIALIZE_PLANTS_DEFAULT,
  Bool,
  Count,
  CustomPositions,
  ParentGridbox,
  SubGridbox,
  SubGridboxPatch,
  SUB_GRIDBOX_MAX_ALLOWED,
  spoken,
  subGridboxesMessages as msg,
} from './sub-gridboxes.schemas.js';

// Sub-boxes are field work (potting up, splitting a bench): every role may change them.
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;

export const subGridboxesEndpoints = {
  createSubGridboxes: defineEndpoint({
    id: 'createSubGridboxes', domain: 'sub_gridboxes', method: 'POST', path: '/create_sub_gridboxes',
    summary: `Divide a grid box into sub-boxes: nx × ny from position 1, or custom_positions; at most ${SUB_GRIDBOX_MAX_ALLOWED} per box`,
    ...anyone, tenancy: { user: ['user_id'], resource: true },
    query: z.object({
      parent_gridbox_id: spoken(Id),
      user_id: spoken(Id),
      auto_initialize_plants: Bool.default(AUTO_INITIALIZE_PLANTS_DEFAULT),
      nx: spoken(Count(SUB_GRIDBOX_MAX_ALLOWED)),
      ny: spoken(Count(SUB_GRIDBOX_MAX_ALLOWED)),
    }),
    body: { kind: 'any', schema: z.object({ custom_positions: CustomPositions.optional() }) },
    response: success({
      message: z.string(),
      parent_gridbox_id: z.number(),
      created_count: z.number(),
      total_count: z.number(),
      max_allowed: z.number(),
      sub_gridboxes: z.array(SubGridbox),
    }),
    clientMessages: msg,
  }),
  getSubGridboxes: defineEndpoint({
    id: 'getSubGridboxes', domain: 'sub_gridboxes', method: 'GET', path: '/get_sub_gridboxes',
    summary: 'The sub-boxes of a grid box by position; total_count counts the live ones',
    ...anyone, tenancy: { resource: true },
    query: z.object({ parent_gridbox_id: Id, include_deleted: Bool.default(false) }),
    response: success({
      parent_gridbox: ParentGridbox,
      total_count: z.number(),
      max_allowed: z.number(),
      sub_gridboxes: z.array(SubGridbox),
    }),
  }),
  deleteSubGridbox: defineEndpoint({
    id: 'deleteSubGridbox', domain: 'sub_gridboxes', method: 'DELETE', path: '/delete_sub_gridbox',
    summary: 'Soft-delete a sub-box; its plant stays and can be moved elsewhere',
    ...anyone, tenancy: { resource: true },
    either: z.object({ sub_gridbox_id: Id }),
    response: success({ message: z.string(), sub_gridbox_id: z.number(), total_count: z.number() }),
  }),
  updateSubGridbox: defineEndpoint({
    id: 'updateSubGridbox', domain: 'sub_gridboxes', method: 'PUT', path: '/update_sub_gridbox',
    summary: 'Change only the fields sent (custom_name, plant_id, color, status, content, image_name)',
    ...anyone, tenancy: { resource: true },
    either: z.object({ sub_gridbox_id: Id, ...SubGridboxPatch.shape }),
    response: success({ message: z.string(), sub_gridbox: SubGridbox }),
  }),
};
