import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Endpoint, EndpointConfig, EndpointInput, EndpointMap, EndpointOutput } from '@verdant/contract';
import { AppError, badRequest, notFound } from '../lib/errors.js';
import { authenticate, bearerToken, type Caller } from './auth.js';
import { idempotencyPreHandler } from './idempotency.js';
import { withWriteReceipt } from '../db/write-receipts.js';
import { assertOwnCompany } from '../lib/own-company.js';

export interface HandlerContext<E extends EndpointConfig> {
  input: EndpointInput<E>;
  /** The signed-in caller; null on public and refresh endpoints. */
  user: E['auth'] extends { kind: 'user' } ? Caller : null;
  bearer: string | null;
  req: FastifyRequest;
  reply: FastifyReply;
  app: FastifyInstance;
}

/** JSON text of a `T` sent as bytes as it is made (modules/rooms/json-text.ts); the type only says what it holds. */
export type JsonStream<T> = Readable & { readonly jsonOf?: T };

/** A handler answers the endpoint's response, or that response as a stream of JSON text. */
export type Handler<E extends EndpointConfig> = (ctx: HandlerContext<E>) => Promise<EndpointOutput<E> | JsonStream<EndpointOutput<E>>>;

/** One handler per endpoint of a domain: a missing one is a type error. */
export type Handlers<M extends EndpointMap> = { [K in keyof M]: Handler<M[K]> };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    input: Record<string, unknown>;
  }
  interface FastifyContextConfig {
    endpoint?: EndpointConfig;
  }
}

export const registeredEndpoints = new Set<string>();

const toFastifyPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

function fieldMessage(field: string, issue: z.core.$ZodIssue, value: unknown): string {
  if (value === undefined || value === null || value === '') return `${field} is required.`;
  const msg = issue.message;
  if (msg.startsWith('Please')) return msg;
  if (/^(must|is)\b/.test(msg)) return `${field} ${msg}${msg.endsWith('.') ? '' : '.'}`;
  return `${field}: ${msg}`;
}

function parsePart(schema: z.ZodType | undefined, raw: unknown, out: Record<string, unknown>) {
  if (!schema) return;
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
    const top = issue.path[0];
    throw badRequest(fieldMessage(field, issue, top === undefined ? raw : source[String(top)]), field);
  }
  Object.assign(out, result.data);
}

function bodyMatchesKind(req: FastifyRequest, kind: string): boolean {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!type || kind === 'any') return true;
  if (kind === 'json') return type.includes('json') || type.includes('urlencoded') || type.includes('multipart');
  return type.includes('multipart') || type.includes('urlencoded') || type.includes('json');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** PostgreSQL refuses NUL in text, and a lone surrogate has no UTF-8 form: neither may reach a query. */
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** The path of the first string (value or key) PostgreSQL cannot store, or null. */
function findUnstorable(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  // Uploaded bytes and dates are not text; the depth bound keeps a hostile nesting from costing much.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || value instanceof Date || path.length > 32) {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (unstorable(key)) return path.length ? path : ['body'];
    const found = findUnstorable(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Refuses a NUL byte or lone surrogate anywhere in `parts`, naming the field it came in. */
function refuseUnstorable(...parts: unknown[]): void {
  for (const part of parts) {
    const path = findUnstorable(part, []);
    if (!path) continue;
    const field = path.length ? path.join('.') : 'body';
    throw badRequest(`${field} must not contain NUL bytes or invalid characters.`, field);
  }
}

const decodes = (text: string) => {
  try {
    decodeURIComponent(text.replaceAll('+', ' '));
    return true;
  } catch {
    return false;
  }
};

/** The refusal for the first `key=value` pair of urlencoded text whose escapes are not UTF-8, or null. */
function undecodablePair(text: string, whole: string): AppError | null {
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    const [key, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    if (decodes(key) && decodes(value)) continue;
    const field = decodes(key) ? decodeURIComponent(key.replaceAll('+', ' ')) : whole;
    return badRequest(`${field} must not contain NUL bytes or invalid characters.`, field);
  }
  return null;
}

/**
 * The query and form parsers keep a value whose escapes are not UTF-8 (a lone surrogate as `%ED%A0%80`,
 * `%FF`) as raw text, so the raw query string and urlencoded body are checked instead.
 */
function refuseUndecodableQuery(url: string): void {
  const start = url.indexOf('?');
  const refusal = start < 0 ? null : undecodablePair(url.slice(start + 1), 'query');
  if (refusal) throw refusal;
}

const refuseUndecodableForm: preParsingAsyncHookHandler = async (req, _reply, payload) => {
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) return payload;
  // The body parser downstream enforces the size limit, so what this keeps is bounded by it.
  const chunks: Buffer[] = [];
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      callback(undecodablePair(Buffer.concat(chunks).toString('latin1'), 'body'));
    },
  });
  payload.on('error', (err) => checked.destroy(err));
  return payload.pipe(checked);
};

/** Parses path, query, body and `either` fields with the contract's schemas into one input object. */
export function parseInput(endpoint: EndpointConfig, req: FastifyRequest): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  if (endpoint.body && req.body !== undefined && !bodyMatchesKind(req, endpoint.body.kind)) {
    throw new AppError('unsupported_media_type', `Send this request as ${endpoint.body.kind}.`);
  }
  // Before the schemas, so the answer names the field as sent; after them for text that was JSON inside a field.
  refuseUndecodableQuery(req.url);
  refuseUnstorable(req.params, query, body);
  parsePart(endpoint.params, req.params, input);
  parsePart(endpoint.query, query, input);
  parsePart(endpoint.body?.schema, body, input);
  parsePart(endpoint.either, { ...query, ...body }, input);
  refuseUnstorable(input);
  return input;
}

type TenancyCheck = (caller: Caller, userIds: number[]) => Promise<boolean>;

/**
 * A check a module adds to every endpoint, after tenancy and before the handler (the consultants module's room
 * scope): it throws to refuse. Modules register theirs on `app.callerGuards`, so this plugin imports no module.
 */
export type CallerGuard = (app: FastifyInstance, caller: Caller | null, endpoint: EndpointConfig, input: Record<string, unknown>) => Promise<void>;

/** Company fields must be the caller's company (403); user fields must be users of it (404). */
export async function enforceTenancy(
  endpoint: EndpointConfig,
  input: Record<string, unknown>,
  caller: Caller | null,
  usersInCompany: TenancyCheck,
): Promise<void> {
  if (!caller) return;
  for (const field of endpoint.tenancy.company ?? []) {
    const value = input[field];
    if (value !== undefined) assertOwnCompany(caller, Number(value));
  }
  const userIds = (endpoint.tenancy.user ?? [])
    .map((f) => input[f])
    .filter((v) => v !== undefined && v !== null)
    .map(Number);
  if (userIds.length && !(await usersInCompany(caller, userIds))) throw notFound('User');
}

export function registerEndpoints<M extends EndpointMap>(
  app: FastifyInstance,
  endpoints: M,
  handlers: Handlers<M>,
): void {
  for (const name of Object.keys(endpoints) as (keyof M & string)[]) registerEndpoint(app, endpoints[name], handlers[name]);
}

/** One endpoint: parse and check its input from the contract, run its handler, check its answer in tests. */
function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  registeredEndpoints.add(endpoint.id);
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    config: { endpoint },
    preParsing: refuseUndecodableForm,
    preHandler: [
      async (req) => {
        req.caller = await authenticate(req, endpoint, app.tokens);
        req.input = parseInput(endpoint, req);
        await enforceTenancy(endpoint, req.input, req.caller, app.usersInCompany);
        for (const guard of app.callerGuards) await guard(app, req.caller, endpoint, req.input);
      },
      idempotencyPreHandler,
    ],
    handler: async (req, reply) => {
      // The preHandler above parsed req.input with this endpoint's schemas and refused a request without the caller it needs.
      const ctx: HandlerContext<E> = {
        input: req.input as EndpointInput<E>,
        user: req.caller as HandlerContext<E>['user'],
        bearer: bearerToken(req),
        req,
        reply,
        app,
      };
      const run = () => handler(ctx);
      // A keyed write records on its key, in its own transaction, that it applied (db/write-receipts.ts).
      const result = await (req.idempotency ? withWriteReceipt(req.idempotency, run) : run());
      if (endpoint.status) reply.code(endpoint.status);
      if (endpoint.response === 'binary') return reply.send(result);
      // A 304 (the client holds this answer: rooms, offline fill) has no body to check.
      if (app.config.validateResponses && reply.statusCode !== 304) {
        const checked = (endpoint.response as z.ZodType).safeParse(result);
        if (!checked.success) {
          throw new Error(`Response of ${endpoint.id} breaks the contract: ${checked.error.message}`);
        }
      }
      return result;
    },
  });
}
