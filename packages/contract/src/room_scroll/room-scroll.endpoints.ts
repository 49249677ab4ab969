import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

export const SCROLL_MAX = 10_000_000;
export const ScrollValue = z.coerce
  .number({ error: 'must be a whole number of at least 0' })
  .int({ error: 'must be a whole number of at least 0' })
  .min(0, { error: 'must be a whole number of at least 0' })
  .max(SCROLL_MAX, { error: `must be at most ${SCROLL_MAX}` });

export const roomScrollMessages = {
  saved: 'Scroll position saved.',
  valueMissing: 'StartScroll is required.',
} as const;

export const roomScrollEndpoints = {
  getRoomScroll: defineEndpoint({
    id: 'getRoomScroll', domain: 'room_scroll', method: 'GET', path: '/get_room_scroll',
    summary: "Where the room's map starts scrolled to",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, room_id: Id }),
    response: success({ room_id: z.number(), StartScroll: z.number() }),
  }),
  updateRoomScroll: defineEndpoint({
    id: 'updateRoomScroll', domain: 'room_scroll', method: 'PUT', path: '/update_room_scroll',
    summary: "Remember where the room's map starts (StartScroll, or setValue as an alias)",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, room_id: Id, StartScroll: ScrollValue.optional(), setValue: ScrollValue.optional() }),
    response: success({ message: z.string(), room_id: z.number(), StartScroll: z.number() }),
  }),
  updateAllRoomScroll: defineEndpoint({
    id: 'updateAllRoomScroll', domain: 'room_scroll', method: 'PUT', path: '/update_all_room_scroll',
    summary: 'Set the start scroll of every room of the company',
    auth: anyone, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, setValue: ScrollValue }),
    response: success({ message: z.string(), StartScroll: z.number(), rooms_updated: z.number() }),
  }),
};
