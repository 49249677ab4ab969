import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, FileField, Id } from '../common/fields.js';
import { GRID_SIDE_MAX, GridSchema, ImageLinks, NAME_MAX } from '../rooms/rooms.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

const Side = z.coerce
  .number({ error: `must be a whole number from 1 to ${GRID_SIDE_MAX}` })
  .int({ error: `must be a whole number from 1 to ${GRID_SIDE_MAX}` })
  .min(1, { error: `must be a whole number from 1 to ${GRID_SIDE_MAX}` })
  .max(GRID_SIDE_MAX, { error: `must be a whole number from 1 to ${GRID_SIDE_MAX}` });

export const GridBackground = ImageLinks.extend({
  id: z.number(),
  Name: z.string(),
  ImageName: z.string().nullable(),
  image_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
});

export const gridsMessages = {
  created: 'Grid created.',
  deleted: 'Grid deleted.',
  imageUploaded: 'Grid image uploaded.',
  cellSizeSet: 'Cell size saved.',
} as const;

/** A grid cell's physical area in m² (issue 22): a treated box's area in the register; null clears it. */
export const CellAreaM2 = z.preprocess(
  (v) => (v === '' || v === 'null' ? null : v),
  z.coerce.number({ error: 'must be a number of m² greater than 0' }).refine((n) => Number.isFinite(n) && n > 0 && n <= 100_000, { error: 'must be a number of m² greater than 0 and at most 100000' }).nullable(),
);

const count = (n: number) => n.toLocaleString('en-US');
/** Refusal of a grid that would take the company or the room past its box limit (server configuration). */
export const tooManyBoxes = (scope: 'company' | 'room', max: number, has: number, adding: number) =>
  `This grid would add ${count(adding)} boxes, but ${scope === 'company' ? 'your company' : 'a room'} can have at most ` +
  `${count(max)} boxes and ${scope === 'company' ? 'it' : 'this room'} already has ${count(has)}: ` +
  `${has < max ? `${count(max - has)} more fit` : 'no more fit'}.`;

export const gridsEndpoints = {
  createGrid: defineEndpoint({
    id: 'createGrid', domain: 'grids', method: 'POST', path: '/Create_grid',
    summary: 'Create an nx×ny grid in a room, with all its boxes',
    auth: anyone, tenancy: { company: ['ncompany_id'], resource: true },
    either: z.object({
      nx: Side,
      ny: Side,
      ngrid_name: z.string().trim().min(1, { error: 'is required' }).max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` }),
      ncompany_id: CompanyId,
      nroom_id: Id,
    }),
    response: success({ message: z.string(), room_id: z.number(), grid: GridSchema, boxes_created: z.number() }),
  }),
  setGridCellSize: defineEndpoint({
    id: 'setGridCellSize', domain: 'grids', method: 'POST', path: '/set_grid_cell_size',
    summary: "Verdant extension (issue 22): a grid's physical cell size (m² per box), from which an application's treated area is worked out (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { resource: true },
    body: { kind: 'json', schema: z.object({ grid_id: Id, cell_area_m2: CellAreaM2 }) },
    response: success({ message: z.string(), grid_id: z.number(), cell_area_m2: z.number().nullable() }),
  }),
  deleteGrid: defineEndpoint({
    id: 'deleteGrid', domain: 'grids', method: 'PUT', path: '/delete_grid',
    summary: 'Delete a grid with its boxes (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { resource: true },
    query: z.object({ grid_id: Id }),
    response: success({ message: z.string(), grid_id: z.number(), boxes_deleted: z.number() }),
  }),
  uploadGridImage: defineEndpoint({
    id: 'uploadGridImage', domain: 'grids', method: 'POST', path: '/upload_grid_image',
    summary: 'Background image of a grid; JPEG, PNG or WebP, re-encoded with a thumbnail',
    auth: anyone, tenancy: { resource: true },
    query: z.object({ GridID: Id }),
    body: { kind: 'multipart', schema: z.object({ image: FileField }) },
    response: success({ message: z.string(), GridID: z.number(), ImageName: z.string(), image_url: z.string(), thumb_url: z.string() }),
  }),
  getGridBackground: defineEndpoint({
    id: 'getGridBackground', domain: 'grids', method: 'GET', path: '/get_grid_background',
    summary: "The background images of a room's grids",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ RoomID: Id }),
    response: success({ RoomID: z.number(), grids: z.array(GridBackground) }),
  }),
};
