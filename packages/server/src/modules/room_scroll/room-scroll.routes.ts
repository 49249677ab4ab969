import type { roomScrollEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as scroll from './room-scroll.service.js';

export const roomScrollHandlers: Handlers<typeof roomScrollEndpoints> = {
  getRoomScroll: ({ app, user, input }) => scroll.getRoomScroll(app, user, input.company_id, input.room_id),
  updateRoomScroll: ({ app, user, input }) => scroll.updateRoomScroll(app, user, input),
  updateAllRoomScroll: ({ app, user, input }) => scroll.updateAllRoomScroll(app, user, input.company_id, input.setValue),
};
