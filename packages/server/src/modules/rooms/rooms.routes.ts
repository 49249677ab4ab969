import type { roomsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { imageResponseHeaders } from '../../lib/images/images.js';
import { streamJsonText } from './json-text.js';
import * as rooms from './rooms.service.js';

export const roomsHandlers: Handlers<typeof roomsEndpoints> = {
  createRoom: ({ app, user, input }) => rooms.createRoom(app, user, input),
  loadRoomGridsBoxes: async ({ app, user, input, reply }) =>
    streamJsonText(app, reply, await rooms.loadRoomsChunks(app, user, input.company_id, input.room_id ?? null)),
  deleteRoom: ({ app, user, input }) => rooms.deleteRoom(app, user, input.room_id),
  uploadWhiteboardImage: ({ app, user, input }) => rooms.uploadWhiteboard(app, user, input.room_id, input.imageFile),
  getWhiteboardHistory: ({ app, user, input }) => rooms.whiteboardHistory(app, user, input.room_id),
  getImage: async ({ app, user, input, reply }) => {
    const file = await rooms.readImage(app, user, input.key);
    // Keys are never reused (a new upload gets a new key), so the browser may keep it; only this user's browser.
    reply.headers(imageResponseHeaders(input.key, file.contentType)).header('cache-control', 'private, max-age=31536000, immutable');
    return file.data;
  },
};
