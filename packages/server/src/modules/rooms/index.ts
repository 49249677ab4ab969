import type { FastifyInstance } from 'fastify';
import { roomsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { roomsHandlers } from './rooms.routes.js';

export {
  holdRoomVersions, requireRoom, addRoom, removeRoom, onRoomDeleted, setRoomScroll, setScrollOfAllRooms, markRoomScanned, clearScannedRooms,
} from './rooms.service.js';
export { sendJsonText, streamJsonText } from './json-text.js';
export { isoUtc } from './room-tree.sql.js';

export async function roomsModule(app: FastifyInstance) {
  registerEndpoints(app, roomsEndpoints, roomsHandlers);
}
