import { createHash, randomUUID } from 'node:crypto';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, conflict } from '../lib/errors.js';
import { errorBody } from './error-handler.js';
import { RepeatedRequest, settleHeldWrite, type HeldOutcome, type WriteReceipt } from '../db/write-receipts.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds while it runs (see db/write-receipts.ts). */
    idempotency?: KeyReceipt;
  }
}

/** A request's key and what it asks (the hash of its method, route and input). */
type KeyReceipt = WriteReceipt & { hash: string };

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
function leaseSecondsOf(app: FastifyInstance): number {
  const timeout = app.config.requestTimeoutMs;
  return timeout > 0 ? Math.ceil(timeout / 1000) + 5 : 120;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const IN_PROGRESS = 'A request with this Idempotency-Key is still in progress. Try again shortly.';

/** What a key answers a repeat: the first attempt's answer, or why there is none (yet). */
interface KeyAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface KeyClaim {
  scope: string;
  key: string;
  hash: string;
  leaseToken: string;
  leaseSeconds: number;
}

/**
 * Reserves the key for this attempt: a new key, or one whose earlier attempt died before applying anything
 * (lease lapsed, same request) — taken over. No row back: the key is another attempt's (see keyAnswer).
 * It commits without waiting for the disk (synchronous_commit off for its own transaction): lost in a
 * crash, it had no write yet — the write's own commit, which waits, writes everything before it in the
 * log, this reservation included.
 */
export function keyReservation(db: Kysely<DB>, c: KeyClaim): CompiledQuery {
  return sql<{ key: string }>`
    INSERT INTO idempotency_keys (scope, key, request_hash, lease_token, locked_until)
    SELECT ${c.scope}, ${c.key}, ${c.hash}, ${c.leaseToken}, now() + make_interval(secs => ${c.leaseSeconds})
      FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unhurried
    ON CONFLICT (scope, key) DO UPDATE SET lease_token = excluded.lease_token, locked_until = excluded.locked_until
      WHERE idempotency_keys.request_hash = excluded.request_hash
        AND idempotency_keys.status_code IS NULL
        AND idempotency_keys.committed_at IS NULL
        AND idempotency_keys.locked_until < now()
    RETURNING key`.compile(db);
}

/**
 * A write repeated with the same `Idempotency-Key` and body answers the first answer and changes
 * nothing; the same key with another body is refused. The request reserves its key with a lease, so two
 * concurrent repeats cannot both apply, and its write marks the key committed in its own transaction
 * (db/write-receipts.ts). A reservation whose request died (crash, kill -9) lapses: a retry takes it over
 * if nothing was applied, or is told it was applied.
 *
 * Where writes are held for their answer (PostgreSQL), the key is reserved lazily — claimed in the
 * commit of the request's first write, reserved before its first outside effect (a mail, a file, a
 * webhook), or stored with its answer, whichever comes first — which saves a statement per write. A
 * repeat then runs its handler up to that point and is stopped there (RepeatedRequest): what it wrote
 * rolls back, and whatever it would have answered, the key's answer is sent instead (onSend), so a
 * repeat whose reads already see the first attempt's write (a delete's 404) still answers what the
 * first attempt answered. Elsewhere (the embedded database), and for a request that carries a file, it is
 * reserved here, before the handler runs.
 */
export async function idempotencyPreHandler(req: FastifyRequest, reply: FastifyReply) {
  const endpoint = req.routeOptions.config.endpoint;
  const header = req.headers['idempotency-key'];
  if (!endpoint || endpoint.method === 'GET' || endpoint.idempotent === false || typeof header !== 'string') return;
  const key = header.trim();
  if (!key || key.length > 200) throw badRequest('Idempotency-Key must be 1 to 200 characters.', 'Idempotency-Key');
  const db = req.server.db;
  const claim: KeyClaim = {
    scope: req.caller ? `user:${req.caller.user_id}` : `ip:${req.ip}`,
    key,
    hash: requestHash(req),
    leaseToken: randomUUID(),
    leaseSeconds: leaseSecondsOf(req.server),
  };
  const receipt: KeyReceipt = { scope: claim.scope, key, leaseToken: claim.leaseToken, hash: claim.hash, committed: false, reserved: false };
  const reserveAlone = async () => (await db.executeQuery(keyReservation(db, claim))).rows.length > 0;
  // As db/database.ts holds writes for their answer (withWriteReceipts' holdForAnswer): on PostgreSQL. A request
  // carrying a file (a scan, a photo, an import) is reserved now all the same: its work before the first write
  // (decoding, running a model) is too large to do again for a repeat.
  if (req.server.database.kind === 'postgres' && !carriesFile(req.input)) {
    receipt.claim = { hash: claim.hash, leaseSeconds: claim.leaseSeconds };
    receipt.reserveAlone = reserveAlone;
    req.idempotency = receipt;
    return;
  }
  if (await reserveAlone()) {
    receipt.reserved = true;
    req.idempotency = receipt;
    return;
  }
  const answer = await keyAnswer(req.server, receipt);
  if (answer instanceof AppError) throw answer;
  return reply.code(answer.status).header('content-type', answer.contentType).header('idempotent-replayed', 'true').send(answer.body);
}

/** Whether a request's input holds an uploaded file (its bytes), at any depth. */
export function carriesFile(input: unknown): boolean {
  if (input instanceof Uint8Array) return true;
  if (typeof input !== 'object' || input === null) return false;
  return Object.values(input).some(carriesFile);
}

/**
 * What the key answers an attempt that did not get it: the first attempt's answer; 422 for another
 * request under the same key; 409 (try again) while the first attempt still runs.
 */
async function keyAnswer(app: FastifyInstance, claim: KeyReceipt): Promise<KeyAnswer | AppError> {
  const row = await app.db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body', 'content_type', 'committed_at'])
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  // Released between our reservation and this read (a 409/5xx of its first attempt): the client retries.
  if (!row) return conflict(IN_PROGRESS);
  if (row.request_hash !== claim.hash) {
    return new AppError('unprocessable', 'This Idempotency-Key was already used for a different request.', 'Idempotency-Key');
  }
  if (row.status_code != null) return stored(row);
  if (row.committed_at) return lostAnswer(app, claim);
  return conflict(IN_PROGRESS);
}

const stored = (row: { status_code: number | null; content_type: string | null; response_body: string | null }): KeyAnswer => ({
  status: row.status_code!,
  contentType: row.content_type ?? JSON_TYPE,
  body: row.response_body ?? '',
});

/**
 * The write committed but no answer is stored. While the holder's lease runs its answer may still be
 * on its way (409, try again); once the lease has lapsed, a plain success becomes the key's answer.
 */
async function lostAnswer(app: FastifyInstance, claim: KeyReceipt): Promise<KeyAnswer | AppError> {
  const body = JSON.stringify(APPLIED_ANSWER_LOST);
  const settled = await app.db
    .updateTable('idempotency_keys')
    .set({ status_code: 200, response_body: body, content_type: JSON_TYPE })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('status_code', 'is', null)
    .where('locked_until', '<', sql<Date>`now()`)
    .returning('key')
    .executeTakeFirst();
  if (settled) return { status: 200, contentType: JSON_TYPE, body };
  const row = await app.db
    .selectFrom('idempotency_keys')
    .select(['status_code', 'response_body', 'content_type'])
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  if (row?.status_code != null) return stored(row);
  return conflict(IN_PROGRESS);
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
    if (held.repeated) return answerWithKey(app, held, reply);
    // Text cannot hold NUL: such an answer is not kept rather than failing the write it answers.
    const keep = typeof payload === 'string' && !retryable(reply.statusCode) && !payload.includes('\u0000');
    const contentType = String(reply.getHeader('content-type') ?? JSON_TYPE);
    if (held.held) {
      // The write and its answer commit together: a client is never answered before a retry would replay it.
      const outcome: HeldOutcome = keep ? { statusCode: reply.statusCode, body: payload as string, contentType } : 'answer-not-kept';
      try {
        await settleHeldWrite(held, outcome);
      } catch (err) {
        // Another attempt claimed the key first: this one's write rolled back.
        if (err instanceof RepeatedRequest) return answerWithKey(app, held, reply);
        // Nothing was applied: the key is free for the client's retry (if the database answers; else its lease lapses).
        await freeKey(app, held).catch(() => {});
        throw err;
      }
      return payload;
    }
    if (!held.reserved) {
      // Lazily reserved, and neither a write nor an outside effect came: the key is reserved with its answer.
      const mine = keep
        ? await keepFirstAnswer(app, held, { statusCode: reply.statusCode, body: payload as string, contentType })
        : !(await app.db.selectFrom('idempotency_keys').select('key').where('scope', '=', held.scope).where('key', '=', held.key).executeTakeFirst().catch(() => undefined));
      if (!mine) return answerWithKey(app, held, reply);
      // Work the request goes on with after its answer (an import) marks this key, not claims it again.
      if (keep) held.reserved = true;
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

/**
 * Reserves the key with the answer to keep, in one statement whose commit waits for the disk (a crash
 * must not lose an answer the client got). False when the key is another attempt's.
 */
async function keepFirstAnswer(app: FastifyInstance, held: KeyReceipt, answer: { statusCode: number; body: string; contentType: string }) {
  const lease = leaseSecondsOf(app);
  const mine = await sql<{ key: string }>`
    INSERT INTO idempotency_keys (scope, key, request_hash, lease_token, locked_until, status_code, response_body, content_type)
    VALUES (${held.scope}, ${held.key}, ${held.hash}, ${held.leaseToken}, now() + make_interval(secs => ${lease}),
            ${answer.statusCode}, ${answer.body}, ${answer.contentType})
    ON CONFLICT (scope, key) DO UPDATE SET lease_token = excluded.lease_token, locked_until = excluded.locked_until,
        status_code = excluded.status_code, response_body = excluded.response_body, content_type = excluded.content_type
      WHERE idempotency_keys.request_hash = excluded.request_hash
        AND idempotency_keys.status_code IS NULL
        AND idempotency_keys.committed_at IS NULL
        AND idempotency_keys.locked_until < now()
    RETURNING key`.execute(app.db);
  return mine.rows.length > 0;
}

/**
 * This attempt did not get its key (RepeatedRequest, or a first answer that found the key taken): whatever
 * its handler answered, the client gets what the key answers — the first attempt's answer, or a refusal.
 */
async function answerWithKey(app: FastifyInstance, held: KeyReceipt, reply: FastifyReply): Promise<string> {
  const answer = await keyAnswer(app, held);
  // Headers of the answer this attempt would have sent: not the key's answer's.
  for (const name of ['retry-after', 'etag', 'last-modified', 'location', 'verdant-current-value']) reply.removeHeader(name);
  if (answer instanceof AppError) {
    reply.code(answer.statusCode).header('content-type', JSON_TYPE);
    return JSON.stringify(errorBody(answer));
  }
  reply.code(answer.status).header('content-type', answer.contentType).header('idempotent-replayed', 'true');
  return answer.body;
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
