import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import {
  AUTO_INITIALIZE_PLANTS_DEFAULT,
  Bool,
  Count,
  SubGridbox,
  spoken,
} from '../sub_gridboxes/sub-gridboxes.schemas.js';

export const GRID_TEMPLATE_TYPES = ['Grid', 'SubGrid'] as const;
export type GridTemplateType = (typeof GRID_TEMPLATE_TYPES)[number];
/** The template type listed when the client names none. */
export const DEFAULT_GRID_TEMPLATE_TYPE: GridTemplateType = 'SubGrid';
/** Largest side of a template; a Grid template also stays within GRID_TEMPLATE_MAX_BOXES boxes. */
export const GRID_TEMPLATE_MAX_SIDE = 500;
export const GRID_TEMPLATE_MAX_BOXES = 50_000;

const TemplateType = z.enum(GRID_TEMPLATE_TYPES, { error: 'must be Grid or SubGrid' });

export const GridTemplate = z.object({
  template_id: z.number(),
  company_id: z.number(),
  template_name: z.string(),
  template_type: TemplateType,
  rows: z.number(),
  columns: z.number(),
  description: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});
export type GridTemplate = z.infer<typeof GridTemplate>;

/** The grid a Grid template made, in the spec's Grid words. */
export const TemplateGrid = z.object({
  id: z.number(),
  Name: z.string(),
  CompanyID: z.number(),
  RoomID: z.number(),
  nx: z.number(),
  ny: z.number(),
  box_count: z.number(),
});

export const gridTemplatesMessages = {
  nameRequired: 'Template Name is required',
  typeRequired: 'Template Type is required',
  rowsRequired: 'Rows is required',
  columnsRequired: 'Columns is required',
  companyRequired: 'Company ID is required',
  userRequired: 'User ID is required',
  roomRequired: 'room_id is required to use a Grid template.',
  gridboxRequired: 'parent_gridbox_id is required to use a SubGrid template.',
  created: 'Template created.',
  deleted: 'Template deleted.',
  submitted: 'Template applied.',
  createFailed: 'Failed to Create Grid Template',
  getFailed: 'Failed to Get Grid Template',
  deleteFailed: 'Failed to Delete Grid Template',
  submitFailed: 'Failed to Submit Grid Template',
} as const;

export const tooManyTemplateBoxes = (max: number) => `A Grid template can have at most ${max} boxes (rows × columns).`;
export const tooManyTemplatePositions = (max: number) =>
  `A SubGrid template can have at most ${max} positions (rows × columns), the most one grid box holds.`;
export const duplicateTemplateName = (type: GridTemplateType, name: string) => `A ${type} template named "${name}" already exists.`;

export const gridTemplatesEndpoints = {
  createGridTemplates: defineEndpoint({
    id: 'createGridTemplates', domain: 'grid_templates', method: 'POST', path: '/create_grid_templates',
    summary: 'Save a Grid (rows × columns boxes) or SubGrid (rows × columns sub-boxes) template (Admin)',
    // Templates shape every later grid of the company: a decision for the people who own the layout.
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], user: ['user_id'] },
    query: z.object({
      template_name: spoken(z.string().trim().max(200, { error: 'must be at most 200 characters' })),
      template_type: spoken(TemplateType),
      rows: spoken(Count(GRID_TEMPLATE_MAX_SIDE)),
      columns: spoken(Count(GRID_TEMPLATE_MAX_SIDE)),
      description: z.string().trim().max(2000, { error: 'must be at most 2000 characters' }).optional(),
      company_id: spoken(CompanyId),
      user_id: spoken(Id),
    }),
    response: success({ message: z.string(), template: GridTemplate }),
    clientMessages: gridTemplatesMessages,
  }),
  getGridTemplates: defineEndpoint({
    id: 'getGridTemplates', domain: 'grid_templates', method: 'GET', path: '/get_grid_templates',
    summary: 'The company templates of one type (default SubGrid), by name',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId, type: TemplateType.default(DEFAULT_GRID_TEMPLATE_TYPE) }),
    response: success({ templates: z.array(GridTemplate) }),
  }),
  deleteGridTemplates: defineEndpoint({
    id: 'deleteGridTemplates', domain: 'grid_templates', method: 'DELETE', path: '/delete_grid_templates',
    summary: 'Delete a template (Admin); grids and sub-boxes made from it stay',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ template_id: Id, company_id: CompanyId }),
    response: success({ message: z.string(), template_id: z.number() }),
  }),
  submitGridTemplate: defineEndpoint({
    id: 'submitGridTemplate', domain: 'grid_templates', method: 'POST', path: '/submit_grid_template',
    summary: 'Use a template: a Grid template makes a grid in room_id, a SubGrid template makes sub-boxes in parent_gridbox_id',
    // Using a template does no more than Create_grid or create_sub_gridboxes, which every role may do.
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'], user: ['user_id'], resource: true },
    query: z.object({
      template_id: Id,
      company_id: CompanyId,
      grid_name: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
      room_id: spoken(Id),
      parent_gridbox_id: spoken(Id),
      auto_initialize_plants: Bool.default(AUTO_INITIALIZE_PLANTS_DEFAULT),
      user_id: spoken(Id),
    }),
    response: success({
      message: z.string(),
      template_id: z.number(),
      template_type: TemplateType,
      grid: TemplateGrid.nullable(),
      sub_gridboxes: z.array(SubGridbox).nullable(),
      created_count: z.number(),
    }),
  }),
};
