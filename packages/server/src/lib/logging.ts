import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { redactUrl, requestSerializer } from './log-redaction.js';

/** Fields of the one-line request log; a terminal shows only its message. */
const REQUEST_FIELDS = ['method', 'url', 'status', 'ms'];

/**
 * People read a terminal; machines read JSON lines. On a terminal the lines are pretty-printed in
 * this thread (sync), so a notice printed after a log call appears after it; elsewhere pino writes
 * JSON. Either way secrets in query strings are redacted (requestSerializer, redactUrl).
 */
export function loggerOptions(level: string, tty = Boolean(process.stdout.isTTY), destination?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const base = { level, serializers: { req: requestSerializer } };
  if (!tty) return base;
  const stream = pretty({
    sync: true,
    colorize: destination === undefined,
    ...(destination ? { destination } : {}),
    translateTime: 'HH:MM:ss',
    ignore: ['pid', 'hostname', 'reqId', ...REQUEST_FIELDS].join(','),
  });
  return { ...base, stream };
}

/** Fastify's own two lines per request are off; `logRequests` writes one instead. */
export const quietRequests = () => new LogController({ disableRequestLogging: true });

/**
 * One terse line per answered request ("GET /api/rooms?company_id=1 200 12 ms") instead of Fastify's
 * two ("incoming request", "request completed") with full request objects. The health check is
 * left out below debug: load balancers call it every few seconds.
 */
export function logRequests(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const url = redactUrl(req.url);
    const ms = Math.round(reply.elapsedTime);
    const level = reply.statusCode >= 500 ? 'error' : url.startsWith('/api/health') ? 'debug' : 'info';
    req.log[level]({ method: req.method, url, status: reply.statusCode, ms }, `${req.method} ${url} ${reply.statusCode} ${ms} ms`);
  });
}
