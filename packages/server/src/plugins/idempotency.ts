import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, conflict } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { scope: string; key: string };
  }
}

function requestHash(req: FastifyRequest): string {
  const body = JSON.stringify(req.input ?? {}, (_k, v: unknown) =>
    v instanceof Uint8Array ? createHash('sha256').update(v).digest('hex') : v,
  );
  return createHash('sha256').update(`${req.method} ${req.routeOptions.url}\n${body}`).digest('hex');
}

/**
 * A write repeated with the same `Idempotency-Key` and body answers the first answer and changes
 * nothing; the same key with another body is refused. The key is reserved before the handler runs,
 * so two concurrent repeats cannot both apply.
 */
export async function idempotencyPreHandler(req: FastifyRequest, reply: FastifyReply) {
  const endpoint = req.routeOptions.config.endpoint;
  const header = req.headers['idempotency-key'];
  if (!endpoint || endpoint.method === 'GET' || endpoint.idempotent === false || typeof header !== 'string') return;
  const key = header.trim();
  if (!key || key.length > 200) throw badRequest('Idempotency-Key must be 1 to 200 characters.', 'Idempotency-Key');
  const scope = req.caller ? `user:${req.caller.user_id}` : `ip:${req.ip}`;
  const hash = requestHash(req);
  const db = req.server.db;
  const reserved = await db
    .insertInto('idempotency_keys')
    .values({ scope, key, request_hash: hash })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (reserved) {
    req.idempotency = { scope, key };
    return;
  }
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (row.request_hash !== hash) {
    throw new AppError('unprocessable', 'This Idempotency-Key was already used for a different request.', 'Idempotency-Key');
  }
  if (row.status_code == null) throw conflict('A request with this Idempotency-Key is still in progress. Try again shortly.');
  return reply
    .code(row.status_code)
    .header('content-type', row.content_type ?? 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(row.response_body);
}

export function registerIdempotencyStore(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotency;
    if (!held) return payload;
    req.idempotency = undefined;
    const where = app.db
      .updateTable('idempotency_keys')
      .where('scope', '=', held.scope)
      .where('key', '=', held.key);
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // A failed attempt must stay retryable.
      await app.db.deleteFrom('idempotency_keys').where('scope', '=', held.scope).where('key', '=', held.key).execute();
    } else {
      await where
        .set({
          status_code: reply.statusCode,
          response_body: payload,
          content_type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        })
        .execute();
    }
    return payload;
  });
}
