import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Sends JSON text made elsewhere (by PostgreSQL) without parsing it. The handler type promises the
 * contract's object, so when responses are validated (tests) the text is parsed and checked like
 * any other answer; in production it goes out as it is.
 */
export function passThroughJson<T>(app: FastifyInstance, reply: FastifyReply, text: string): T {
  if (app.config.validateResponses) return JSON.parse(text) as T;
  reply.type('application/json; charset=utf-8');
  return text as unknown as T;
}
