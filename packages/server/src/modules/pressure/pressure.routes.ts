import { pressureEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { getRoomPressureFrames } from './pressure.service.js';

export const pressureHandlers: Handlers<typeof pressureEndpoints> = {
  getRoomPressureFrames: ({ app, user, input }) =>
    getRoomPressureFrames(app, user, {
      roomId: input.room_id,
      step: input.step,
      problem: input.problem ?? null,
      endDate: input.end_date ?? null,
    }),
};
