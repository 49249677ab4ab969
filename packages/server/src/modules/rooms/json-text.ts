import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonStream } from '../../plugins/contract-routes.js';

/**
 * Sends JSON text made elsewhere (by PostgreSQL, in chunks) without parsing it. The first chunk is
 * made before the handler returns, so a failure or the request timeout before it still gets a clean
 * error answer (an answer shorter than one chunk is made whole first); a failure after it aborts the
 * connection, so a client never takes a cut-off answer for a complete one. When responses are validated
 * (tests) the text is joined and parsed, and checked against the contract like any other answer; in
 * production it streams as it is.
 */
export async function streamJsonText<T>(app: FastifyInstance, reply: FastifyReply, chunks: AsyncGenerator<string>): Promise<T | JsonStream<T>> {
  if (app.config.validateResponses) {
    let text = '';
    for await (const chunk of chunks) text += chunk;
    return JSON.parse(text) as T;
  }
  const first = await chunks.next();
  async function* rest() {
    if (first.done) return;
    yield first.value;
    yield* chunks;
  }
  reply.type('application/json; charset=utf-8');
  // Bytes, not objects: the stream reads the next page only when the socket has taken the last one.
  return Readable.from(rest(), { objectMode: false });
}
