import { movementEndpoints, movementMessages as msg } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { badRequest } from '../../lib/errors.js';
import { moveBatchBetweenRooms } from '../batches/batch-links.service.js';
import { movePlant, movementHistory } from './movement.service.js';

const ok = 'success' as const;

export const movementHandlers: Handlers<typeof movementEndpoints> = {
  movePlant: async ({ app, user, input }) => {
    // The same path with batch_id, old_room_id and new_room_id (and no plant) moves a batch between rooms: existing clients call it that way (docs/style.md, "The spec").
    const { plant_uid, target_parent_gridbox_id, user_id, batch_id, old_room_id, new_room_id } = input;
    if (plant_uid === undefined && batch_id !== undefined && old_room_id !== undefined && new_room_id !== undefined) {
      return { status: ok, ...(await moveBatchBetweenRooms(app, user, { batch_id, old_room_id, new_room_id })) };
    }
    if (plant_uid === undefined) throw badRequest('plant_uid is required.', 'plant_uid');
    if (target_parent_gridbox_id === undefined) throw badRequest('target_parent_gridbox_id is required.', 'target_parent_gridbox_id');
    if (user_id === undefined) throw badRequest('user_id is required.', 'user_id');
    const moved = await movePlant(app, user, { ...input, plant_uid, target_parent_gridbox_id });
    return { status: ok, message: msg.moved, movement: moved.movement, sub_gridbox: moved.subGridbox };
  },
  getCompanyMovementHistory: async ({ app, user, input }) => {
    const h = await movementHistory(app, user, input);
    return { status: ok, total_count: h.totalCount, limit: h.limit, offset: h.offset, movements: h.movements };
  },
};
