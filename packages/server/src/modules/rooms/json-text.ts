import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** brotli, else gzip, when the client accepts it (a q of 0 refuses), as the compression plugin prefers them. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(?:\.0*)?$/.test(q))
      .map(([name]) => name!.toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A whole text compressed in one job of the thread pool: brotli at quality 4 as the compression plugin, or gzip. */
export function compressText(text: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } })
    : gzip(text);
}

/** Below this the compression plugin leaves an answer as it is (plugins/compression.ts). */
const COMPRESS_FROM = 1024;

/**
 * Sends one whole JSON text made elsewhere (by PostgreSQL) without parsing it, compressed here in one piece when
 * the client accepts it (the compression plugin passes an answer already encoded through): the plugin's stream
 * compresses 16 KB at a time, each a turn of the event loop, and on answers of hundreds of KB that cost the API
 * several times the compression itself (issue 19). When responses are validated (tests) the text is parsed and
 * checked against the contract like any other answer.
 */
export async function sendJsonText<T>(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, text: string): Promise<T | JsonStream<T>> {
  if (app.config.validateResponses) return JSON.parse(text) as T;
  reply.type('application/json; charset=utf-8');
  const encoding = text.length >= COMPRESS_FROM ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return Readable.from([text], { objectMode: false });
  const bytes = await compressText(text, encoding);
  reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
  return Readable.from([bytes], { objectMode: false });
}
