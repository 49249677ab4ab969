import { Readable } from 'node:stream';
import type { roomsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { imageEtag, imageResponseHeaders } from '../../lib/images/images.js';
import { acceptedEncoding, streamJsonText } from './json-text.js';
import * as rooms from './rooms.service.js';

/** True when If-None-Match names this ETag (or `*`). */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

export const roomsHandlers: Handlers<typeof roomsEndpoints> = {
  createRoom: ({ app, user, input }) => rooms.createRoom(app, user, input),
  loadRoomGridsBoxes: async ({ app, user, input, req, reply }) => {
    const answer = await rooms.loadRooms(app, user, input.company_id, input.room_id ?? null);
    if (answer.etag) {
      reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
      // The device holds this facility already: no body, and nothing is read past the versions.
      if (matches(req.headers['if-none-match'], answer.etag)) {
        reply.code(304);
        return Readable.from([]);
      }
    }
    // Made from kept texts alone: sent as compressed once for this ETag (not when tests check the answer).
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (answer.kept && encoding && !app.config.validateResponses) {
      const bytes = await rooms.packedAnswer(app, answer, encoding);
      reply.type('application/json; charset=utf-8').header('content-encoding', encoding).header('vary', 'accept-encoding');
      return Readable.from([bytes], { objectMode: false });
    }
    return streamJsonText(app, reply, answer.chunks());
  },
  deleteRoom: ({ app, user, input }) => rooms.deleteRoom(app, user, input.room_id),
  uploadWhiteboardImage: ({ app, user, input }) => rooms.uploadWhiteboard(app, user, input.room_id, input.imageFile),
  getWhiteboardHistory: ({ app, user, input }) => rooms.whiteboardHistory(app, user, input.room_id),
  getImage: async ({ app, user, input, req, reply }) => {
    const file = await rooms.readImage(app, user, input.key);
    // Keys are never reused (a new upload gets a new key), so the browser may keep it; only this user's browser.
    // The ETag lets a browser that did drop it revalidate without the bytes (after the company check above).
    const etag = imageEtag(input.key);
    reply
      .headers(imageResponseHeaders(input.key, file.contentType))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', etag);
    const known = req.headers['if-none-match'];
    if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      reply.code(304);
      return Buffer.alloc(0);
    }
    return file.data;
  },
};
