import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, conflict } from '../lib/errors.js';
import { settleHeldWrite, type HeldOutcome, type WriteReceipt } from '../db/write-receipts.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds while it runs (see db/write-receipts.ts). */
    idempotency?: WriteReceipt;
  }
}

/** What a retry answers when the first attempt's write committed but its answer was never stored (crash). */
export const APPLIED_ANSWER_LOST = {
  status: 'success',
  message: 'This request was already applied; its original answer was lost. Reload to see the result.',
} as const;

function requestHash(req: FastifyRequest): string {
  // A Buffer has turned into {type, data:[…]} (its toJSON) before a replacer sees the value, so the
  // file is hashed from its holder: a 15 MB upload must not become a list of 15 million numbers.
  const body = JSON.stringify(req.input ?? {}, function (this: Record<string, unknown>, key: string, v: unknown) {
    const raw = this[key];
    return raw instanceof Uint8Array ? createHash('sha256').update(raw).digest('hex') : v;
  });
  return createHash('sha256').update(`${req.method} ${req.routeOptions.url}\n${body}`).digest('hex');
}

/** Seconds a reservation holds its key: longer than any request may run, so a live holder keeps it. */
function leaseSeconds(req: FastifyRequest): number {
  const timeout = req.server.config.requestTimeoutMs;
  return timeout > 0 ? Math.ceil(timeout / 1000) + 5 : 120;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const IN_PROGRESS = 'A request with this Idempotency-Key is still in progress. Try again shortly.';

/**
 * A write repeated with the same `Idempotency-Key` and body answers the first answer and changes
 * nothing; the same key with another body is refused. The key is reserved before the handler runs
 * with a lease, so two concurrent repeats cannot both apply, and the request's write marks the key
 * committed in its own transaction (db/write-receipts.ts). A reservation whose request died (crash,
 * kill -9) lapses: a retry takes it over if nothing was applied, or is told it was applied.
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
  const leaseToken = randomUUID();
  const lease = sql<Date>`now() + make_interval(secs => ${leaseSeconds(req)})`;
  // The reservation is committed without waiting for the disk (synchronous_commit off for this
  // statement's own transaction): lost in a crash, it had no write yet — the write's own commit,
  // which waits, writes everything before it in the log, this reservation included.
  const reserved = (
    await sql<{ key: string }>`
      INSERT INTO idempotency_keys (scope, key, request_hash, lease_token, locked_until)
      SELECT ${scope}, ${key}, ${hash}, ${leaseToken}, ${lease}
        FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unhurried
      ON CONFLICT DO NOTHING
      RETURNING key`.execute(db)
  ).rows[0];
  if (reserved) {
    req.idempotency = { scope, key, leaseToken, committed: false };
    return;
  }
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body', 'content_type', 'committed_at'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  // Released between our insert and this read (a 409/5xx of its first attempt): the client retries.
  if (!row) throw conflict(IN_PROGRESS);
  if (row.request_hash !== hash) {
    throw new AppError('unprocessable', 'This Idempotency-Key was already used for a different request.', 'Idempotency-Key');
  }
  if (row.status_code != null) return replay(reply, row.status_code, row.content_type, row.response_body);
  if (row.committed_at) return finishLostAnswer(req, reply, scope, key);
  const takenOver = await db
    .updateTable('idempotency_keys')
    .set({ lease_token: leaseToken, locked_until: lease })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('status_code', 'is', null)
    .where('committed_at', 'is', null)
    .where('locked_until', '<', sql<Date>`now()`)
    .returning('key')
    .executeTakeFirst();
  if (!takenOver) throw conflict(IN_PROGRESS);
  req.idempotency = { scope, key, leaseToken, committed: false };
}

function replay(reply: FastifyReply, status: number, contentType: string | null, body: string | null) {
  return reply.code(status).header('content-type', contentType ?? JSON_TYPE).header('idempotent-replayed', 'true').send(body);
}

/**
 * The write committed but no answer is stored. While the holder's lease runs its answer may still be
 * on its way (409, try again); once the lease has lapsed, a plain success becomes the key's answer.
 */
async function finishLostAnswer(req: FastifyRequest, reply: FastifyReply, scope: string, key: string) {
  const body = JSON.stringify(APPLIED_ANSWER_LOST);
  const settled = await req.server.db
    .updateTable('idempotency_keys')
    .set({ status_code: 200, response_body: body, content_type: JSON_TYPE })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('status_code', 'is', null)
    .where('locked_until', '<', sql<Date>`now()`)
    .returning('key')
    .executeTakeFirst();
  if (settled) return replay(reply, 200, JSON_TYPE, body);
  const row = await req.server.db
    .selectFrom('idempotency_keys')
    .select(['status_code', 'response_body', 'content_type'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  if (row?.status_code != null) return replay(reply, row.status_code, row.content_type, row.response_body);
  throw conflict(IN_PROGRESS);
}

/** Answers a client should simply try again later are not kept as the key's answer. */
const retryable = (status: number) => status >= 500 || status === 409 || status === 429 || status === 408;

export async function registerIdempotencyStore(app: FastifyInstance) {
  // Only this process can open the embedded database, so no request of an earlier run is still alive.
  if (app.database.kind === 'embedded') {
    await app.db.updateTable('idempotency_keys').set({ locked_until: sql<Date>`now()` }).where('status_code', 'is', null).execute();
  }

  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotency;
    if (!held) return payload;
    req.idempotency = undefined;
    held.answered = true;
    // Text cannot hold NUL: such an answer is not kept rather than failing the write it answers.
    const keep = typeof payload === 'string' && !retryable(reply.statusCode) && !payload.includes('\u0000');
    const contentType = String(reply.getHeader('content-type') ?? JSON_TYPE);
    if (held.held) {
      // The write and its answer commit together: a client is never answered before a retry would replay it.
      const outcome: HeldOutcome = keep ? { statusCode: reply.statusCode, body: payload as string, contentType } : 'answer-not-kept';
      try {
        await settleHeldWrite(held, outcome);
      } catch (err) {
        // Nothing was applied: the key is free for the client's retry (if the database answers; else its lease lapses).
        await freeKey(app, held).catch(() => {});
        throw err;
      }
      return payload;
    }
    if (keep) {
      // Kept with a commit that waits for the disk (unlike the reservation): the client is answered only
      // once a retry is sure to replay this answer, even after a crash (test/crash-safety.test.ts).
      await app.db
        .updateTable('idempotency_keys')
        .set({ status_code: reply.statusCode, response_body: payload, content_type: contentType })
        .where('scope', '=', held.scope)
        .where('key', '=', held.key)
        .where('lease_token', '=', held.leaseToken)
        // A retry may already have settled the key (lease lapsed while this answer was on its way): never overwrite it.
        .where('status_code', 'is', null)
        .execute();
    } else if (held.committed) {
      // Applied, but the answer is not one to keep: a retry is told it was applied.
      await app.db
        .updateTable('idempotency_keys')
        .set({ locked_until: sql<Date>`now()` })
        .where('scope', '=', held.scope)
        .where('key', '=', held.key)
        .where('lease_token', '=', held.leaseToken)
        // A retry may already have settled the key (lease lapsed while this answer was on its way): never overwrite it.
        .where('status_code', 'is', null)
        .execute();
    } else {
      // Nothing was applied: the key is free for the client's retry.
      await freeKey(app, held);
    }
    return payload;
  });
}

function freeKey(app: FastifyInstance, held: WriteReceipt) {
  return app.db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', held.scope)
    .where('key', '=', held.key)
    .where('lease_token', '=', held.leaseToken)
    .where('committed_at', 'is', null)
    .execute();
}
