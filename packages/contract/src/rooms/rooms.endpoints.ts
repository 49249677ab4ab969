import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, FileField, Id } from '../common/fields.js';
import { roomsMessages } from './rooms.messages.js';
import { DESCRIPTION_MAX, NAME_MAX, RoomSchema, RoomWithGridsSchema, WhiteboardSchema } from './rooms.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

export const RoomName = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` });

export const roomsEndpoints = {
  createRoom: defineEndpoint({
    id: 'createRoom', domain: 'rooms', method: 'POST', path: '/create_room',
    summary: 'Create a room (offline clients queue it with an Idempotency-Key)',
    auth: anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    body: {
      kind: 'multipart',
      schema: z.object({
        name: RoomName,
        description: z.string().trim().max(DESCRIPTION_MAX, { error: `must be at most ${DESCRIPTION_MAX} characters` }).default(''),
      }),
    },
    response: success({ message: z.string(), room: RoomSchema }),
  }),
  loadRoomGridsBoxes: defineEndpoint({
    id: 'loadRoomGridsBoxes', domain: 'rooms', method: 'GET', path: '/load_room_grids_boxes',
    summary: 'Every room of the company (or one room) with its grids and their boxes, in one answer',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, room_id: Id.optional() }),
    response: success({ rooms: z.array(RoomWithGridsSchema) }),
    clientMessages: roomsMessages,
  }),
  deleteRoom: defineEndpoint({
    id: 'deleteRoom', domain: 'rooms', method: 'DELETE', path: '/delete_room',
    summary: 'Delete a room with its grids and boxes (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { resource: true },
    query: z.object({ room_id: Id }),
    response: success({ message: z.string(), room_id: z.number(), grids_deleted: z.number(), boxes_deleted: z.number() }),
  }),
  uploadWhiteboardImage: defineEndpoint({
    id: 'uploadWhiteboardImage', domain: 'rooms', method: 'POST', path: '/upload_whiteboard_image',
    summary: "A photo of the room's whiteboard; JPEG, PNG or WebP, re-encoded with a thumbnail",
    auth: anyone, tenancy: { resource: true },
    body: { kind: 'multipart', schema: z.object({ imageFile: FileField, room_id: Id }) },
    response: success({ message: z.string(), whiteboard: WhiteboardSchema }),
  }),
  getWhiteboardHistory: defineEndpoint({
    id: 'getWhiteboardHistory', domain: 'rooms', method: 'GET', path: '/get_whiteboard_history',
    summary: "The room's whiteboard photos, newest first",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ room_id: Id }),
    response: success({ room_id: z.number(), history: z.array(WhiteboardSchema) }),
  }),
  getImage: defineEndpoint({
    id: 'getImage', domain: 'images', method: 'GET', path: '/image',
    summary: "An uploaded image or thumbnail by its key (from image_url); only for users of the owning company",
    auth: anyone, tenancy: { resource: true },
    query: z.object({ key: z.string().min(1, { error: 'is required' }).max(300) }),
    response: 'binary',
  }),
};
