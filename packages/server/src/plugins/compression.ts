import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers (JSON, HTML, CSS, JavaScript, SVG, XML) are compressed with brotli or gzip when the client
 * accepts it (issue 19; docs/decisions.md, "Fast at 100 ha"): a whole facility's rooms list is 6.6 MB of JSON
 * and about 240 KB gzipped. Images and other binary files are not (they are compressed already, and an
 * unknown upload answered as octet-stream is left alone). Brotli at quality 4 (the plugin's default): 11 costs
 * seconds of CPU on a large answer.
 *
 * Registered before the routes: the plugin adds its onSend hook to each route as it is declared, after the
 * application's hooks, so the idempotency store keeps the plain text (and a replay is compressed like the
 * first answer), and a streamed answer (load_room_grids_boxes) is piped through the compressor chunk by chunk.
 * Request bodies are not decompressed: a compressed body would get past the body size limit.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip', 'deflate'],
    threshold: 1024,
    // A whole answer up to 1 MB is compressed in one call rather than through the plugin's stream (its default on
    // 2 cores: above 8 KB), which compresses 16 KB per turn of the event loop: for a batch page's three answers
    // (1 MB of JSON) the stream cost the API about 15 ms of CPU, the compression itself about 3 ms (issue 19).
    syncThreshold: 1024 * 1024,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)(?:json|xml)(?:;|$)|javascript|^image\/svg\+xml/u,
  });
}
