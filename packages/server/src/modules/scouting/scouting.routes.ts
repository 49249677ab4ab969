import type { scoutingEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as scouting from './scouting.service.js';

export const scoutingHandlers: Handlers<typeof scoutingEndpoints> = {
  markRoomScanned: async ({ app, user, input }) => {
    const r = await scouting.markScanned(app, user, { kind: 'room', id: input.room_id }, user.user_id);
    return { ...r, RoomID: input.room_id };
  },
  markGridScanned: async ({ app, user, input }) => {
    const r = await scouting.markScanned(app, user, { kind: 'grid', id: input.grid_id }, user.user_id);
    return { ...r, GridID: input.grid_id };
  },
  resetScannedStatus: ({ app, user, input }) => scouting.resetScanned(app, user, input.company_id),
  getRoomScanDetails: async ({ app, user, input }) => ({
    ...(await scouting.scanDetails(app, user, { kind: 'room', id: input.room_id })),
    RoomID: input.room_id,
  }),
  getGridScanDetails: async ({ app, user, input }) => ({
    ...(await scouting.scanDetails(app, user, { kind: 'grid', id: input.grid_id })),
    GridID: input.grid_id,
  }),
};
