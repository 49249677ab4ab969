import { Readable } from 'node:stream';
import type { OfflineRoomBundle, offlineFillEndpoints } from '@verdant/contract';
import type { Handlers, JsonStream } from '../../plugins/contract-routes.js';
import { batchesBundle, roomBundle } from './offline-fill.service.js';

/** True when If-None-Match names this ETag (or `*`). */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

export const offlineFillHandlers: Handlers<typeof offlineFillEndpoints> = {
  getOfflineRoomBundle: async ({ app, user, input, req, reply }) => {
    const { bundle, etag, text } = await roomBundle(app, user, input.company_id, input.room_id);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    // Unchanged since the device's last fill: no body (the contract's answer is then absent).
    if (matches(req.headers['if-none-match'], etag)) {
      await reply.code(304).send();
      return undefined;
    }
    // Checked against the contract where answers are (tests); otherwise the text the ETag was made of, as it is.
    if (app.config.validateResponses) return bundle;
    reply.type('application/json; charset=utf-8');
    return Readable.from([text], { objectMode: false }) as JsonStream<OfflineRoomBundle>;
  },
  getOfflineBatchesBundle: ({ app, user, input }) => batchesBundle(app, user, input.company_id, input.batch_ids, input.end_date),
};
