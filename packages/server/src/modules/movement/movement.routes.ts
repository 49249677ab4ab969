import { movementEndpoints, movementMessages as msg } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { movePlant, movementHistory } from './movement.service.js';

const ok = 'success' as const;

export const movementHandlers: Handlers<typeof movementEndpoints> = {
  movePlant: async ({ app, user, input }) => {
    const moved = await movePlant(app.db, user, input);
    return { status: ok, message: msg.moved, movement: moved.movement, sub_gridbox: moved.subGridbox };
  },
  getCompanyMovementHistory: async ({ app, user, input }) => {
    const h = await movementHistory(app.db, user, input);
    return { status: ok, total_count: h.totalCount, limit: h.limit, offset: h.offset, movements: h.movements };
  },
};
