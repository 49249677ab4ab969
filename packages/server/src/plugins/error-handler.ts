import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { RepeatedRequest } from '../db/write-receipts.js';
import { reportServerError } from '../lib/error-reporting.js';
import { REQUEST_TIMEOUT_MESSAGE } from './request-timeout.js';

const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The file is too large.' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files in one request.' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many fields in one request.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'This content type is not supported.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The body is not valid JSON.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Send this request as multipart/form-data.' },
};

/** SQLSTATEs of a race between concurrent writers: unique_violation, serialization_failure, deadlock_detected, lock_not_available. */
const RACE_STATES = new Set(['23505', '40001', '40P01', '55P03']);
const RACE_MESSAGE = 'Someone else changed this at the same moment. Try again.';

/**
 * The database cannot be reached or is changing primaries (issue 23: a failover takes up to ~30 s): connection
 * exceptions (class 08, PgBouncer's "server conn crashed?" and query_wait_timeout too), a server shutting down or
 * starting (57P01–57P03), a write reaching a primary that was demoted (25006), no connection slot (53300), and the
 * driver's own socket failures. Nothing was applied that a retry would double (a keyed write's key was never
 * committed), so the client is told to come back: 503 with Retry-After, never a 500.
 */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[1-3]|25006|53300)$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_TEXT = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable right now. Your change was not saved; try again in a few seconds.';

function isDatabaseUnavailable(err: Error): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SOCKET.has(code) || ('severity' in err && UNAVAILABLE_STATES.test(code)))) return true;
  return UNAVAILABLE_TEXT.test(err.message);
}

/**
 * The multipart parser (busboy) reports a broken body with plain errors: no code, only these texts. They are
 * the client's mistake, so a 400 that says what is wrong, never a 500.
 */
const MULTIPART_ERRORS: [RegExp, string][] = [
  [/^(Multipart: Boundary not found|Boundary required|The needle cannot)/, 'The multipart body needs a boundary of 1 to 70 characters in its content-type.'],
  [/unexpected end of multipart data|^Unexpected end of form/i, 'The multipart body ends early.'],
  [/^Malformed part header/, 'The multipart body has a malformed part header.'],
];

function multipartFailure(err: Error, isMultipart: boolean): string | undefined {
  if (!isMultipart || (err as FastifyError).code || (err as FastifyError).statusCode) return undefined;
  return MULTIPART_ERRORS.find(([pattern]) => pattern.test(err.message))?.[1];
}

/**
 * PostgreSQL's data exceptions (class 22: a number out of range, an impossible date, bad text) mean a value
 * slipped past the contract. The answer is the client's 400 all the same; the log line says which
 * schema needs a bound.
 */
const isDataException = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && 'severity' in (err as object);
};

/** The body of an AppError's answer. */
export const errorBody = (err: AppError) => ({
  status: 'error' as const,
  message: err.message,
  error: err.code,
  ...(err.field ? { field: err.field } : {}),
});

/** One place writes every failure as `{status:'error', message, error}`; 5xx details stay in the log (and go to Sentry with a DSN). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) reportServerError(err, req);
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.statusCode).send(errorBody(err));
    }
    if (err instanceof RepeatedRequest) {
      // Stopped because another attempt holds the key: plugins/idempotency.ts answers with what the key holds.
      return reply.code(409).send({ status: 'error', message: err.message, error: 'conflict' });
    }
    const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (known) {
      return reply.code(known.status).send({ status: 'error', message: known.message, error: err.code });
    }
    const multipart = multipartFailure(err, req.isMultipart?.() ?? false);
    if (multipart) {
      return reply.code(400).send({ status: 'error', message: multipart, error: 'bad_request' });
    }
    if (isDataException(err)) {
      req.log.warn({ err }, 'a value the contract let through was refused by the database');
      return reply.code(400).send({ status: 'error', message: 'A value in this request is out of range or malformed.', error: 'bad_request' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ status: 'error', message: err.message, error: err.code ?? 'bad_request' });
    }
    // Two writers met on the same row at once (unique key, serialisation, deadlock, lock wait): the
    // loser is told to try again, as the web queues do on a 409 — never a 500 for a race.
    const sqlState = (err as { code?: unknown }).code;
    if (typeof sqlState === 'string' && RACE_STATES.has(sqlState)) {
      return reply.code(409).send({ status: 'error', message: RACE_MESSAGE, error: 'conflict' });
    }
    if (sqlState === '57014') {
      // statement_timeout (db/database.ts): the same answer as the request timeout.
      reportServerError(err, req);
      return reply.code(503).header('retry-after', '5').send({ status: 'error', message: REQUEST_TIMEOUT_MESSAGE, error: 'unavailable' });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send({ status: 'error', message: DATABASE_UNAVAILABLE_MESSAGE, error: 'unavailable' });
    }
    req.log.error({ err }, 'unhandled error');
    reportServerError(err, req);
    return reply.code(500).send({
      status: 'error',
      message: 'Something went wrong on our side. Please try again.',
      error: 'internal',
    });
  });

}

/**
 * Failures Fastify answers before any route or error handler runs — a path segment whose escapes are not
 * UTF-8 (`/batch_qr/%ED%A0%80`), a path parameter over the length limit — in the same envelope as every other
 * answer. Passed as the `frameworkErrors` option when the app is created.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A value in the address is too long.' : 'The address has a part that is not valid UTF-8 text.';
  return reply.code(400).send({ status: 'error', message, error: 'bad_request' });
}

/** Unknown API paths answer a JSON 404; with the web app built, other GETs get index.html (SPA routes). */
export function registerNotFound(app: FastifyInstance, spa: boolean) {
  app.setNotFoundHandler((req, reply) => {
    // Client routes get the app; a missing file (a path with an extension) stays a 404.
    const path = req.url.split('?')[0]!;
    if (spa && req.method === 'GET' && !path.startsWith('/api') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ status: 'error', message: `No endpoint ${req.method} ${req.url.split('?')[0]}.`, error: 'not_found' });
  });
}
