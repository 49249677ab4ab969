import type { FastifyInstance } from 'fastify';
import { roomScrollEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { roomScrollHandlers } from './room-scroll.routes.js';

export { getRoomScroll } from './room-scroll.service.js';

export async function roomScrollModule(app: FastifyInstance) {
  registerEndpoints(app, roomScrollEndpoints, roomScrollHandlers);
}
