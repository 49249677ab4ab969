import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_TIMEOUT_MESSAGE = 'The server took too long to answer this request. Try again.';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set when the request timeout answered 503 while the handler was still running: its work may
     * still complete (a write may commit), so hooks must not treat the 503 as "nothing happened".
     */
    timedOut?: boolean;
  }
}

const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();

function stop(req: FastifyRequest) {
  clearTimeout(timers.get(req));
  timers.delete(req);
}

function expire(req: FastifyRequest, reply: FastifyReply, ms: number) {
  timers.delete(req);
  // Once an answer is on its way (headers sent, or a streamed answer's first chunk made) it is not cut.
  if (reply.sent || reply.raw.headersSent) return;
  req.timedOut = true;
  req.log.warn({ url: req.url, ms }, 'request timed out');
  void reply
    .code(503)
    .header('retry-after', '5')
    .send({ status: 'error', message: REQUEST_TIMEOUT_MESSAGE, error: 'unavailable' });
}

/**
 * A request without an answer after `ms` gets 503 `{status:'error', message: REQUEST_TIMEOUT_MESSAGE}`.
 * The clock stops when the handler's answer reaches onSend, so a streamed answer (whose first chunk
 * is made inside the handler) is never cut mid-way by it. Register before the modules: the handlers
 * are wrapped so that what a timed-out handler answers or throws later is dropped quietly.
 */
export function registerRequestTimeout(app: FastifyInstance, ms: number) {
  if (ms <= 0) return;
  app.addHook('onRequest', async (req, reply) => {
    const timer = setTimeout(() => expire(req, reply, ms), ms);
    timer.unref();
    timers.set(req, timer);
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    stop(req);
    return payload;
  });
  app.addHook('onResponse', async (req) => stop(req));
  app.addHook('onRequestAbort', async (req) => stop(req));
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = async function timed(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      try {
        const result: unknown = await handler.call(this, req, reply);
        if (!req.timedOut) return result;
        if (result instanceof Readable) result.destroy();
      } catch (err) {
        if (!req.timedOut) throw err;
        req.log.warn({ err }, 'request failed after its timeout answer');
      }
      // The 503 may still be in its onSend hooks: nothing else may be sent for this request.
      reply.hijack();
      return undefined;
    };
  });
}
