import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  API_TOKEN_PREFIX, SESSION_ONLY, apiTokenAllows, apiTokensMessages, authMessages, consultantRule, consultantsMessages,
  type ApiTokenScope, type EndpointConfig, type UserRole,
} from '@verdant/contract';
import type { DB } from '../db/schema.js';
import { nowAndAfterHeldCommit } from '../db/write-receipts.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import type { TokenService } from '../lib/tokens.js';

export interface Caller {
  user_id: number;
  company_id: number;
  user_role: UserRole;
  /** Set when the call came with a personal API token instead of a session. */
  api_token?: { token_id: number; scope: ApiTokenScope };
}

/** A personal API token's owner as the account is now (role, company), and the token's id and scope. */
export interface ApiTokenHolder {
  user_id: number;
  company_id: number;
  user_role: UserRole;
  token_id: number;
  scope: ApiTokenScope;
}

/** Finds the live token's holder (null: unknown, revoked, or its owner deactivated). */
export type ApiTokenLookup = (db: Kysely<DB>, token: string) => Promise<ApiTokenHolder | null>;

// Per database, as the caches below: the api_tokens module hands its lookup over (plugins import no module).
const apiTokenLookups = new WeakMap<object, ApiTokenLookup>();

/** Lets bearer tokens starting with `vdt_` in: the api_tokens module calls it as it registers. */
export function acceptApiTokens(db: Kysely<DB>, lookup: ApiTokenLookup): void {
  apiTokenLookups.set(db, lookup);
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/**
 * How long a user's token version is remembered. Ending sessions (sign out everywhere, password
 * reset, deactivation) forgets it at once on this server; other servers notice within this time.
 */
export const TOKEN_VERSION_TTL_MS = 2000;
const TOKEN_VERSION_MAX = 10_000;

interface Entry<V> {
  at: number;
  value: Promise<V>;
}

/**
 * A read remembered for TOKEN_VERSION_TTL_MS, per database (test apps running side by side never see each
 * other's users); a failed read is not remembered, so the next request asks again.
 */
export function rememberedReads<K, V>() {
  const caches = new WeakMap<object, Map<K, Entry<V>>>();
  const cacheOf = (db: Kysely<DB>) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    return cache;
  };
  return {
    read(db: Kysely<DB>, key: K, load: () => Promise<V>, now: number): Promise<V> {
      const cache = cacheOf(db);
      const hit = cache.get(key);
      if (hit && now - hit.at < TOKEN_VERSION_TTL_MS) return hit.value;
      const value = load();
      value.catch(() => {
        if (cache.get(key)?.value === value) cache.delete(key);
      });
      cache.delete(key);
      if (cache.size >= TOKEN_VERSION_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, { at: now, value });
      return value;
    },
    forget(db: Kysely<DB>, key: K): void {
      // Forgotten again once a held write commits (db/write-receipts.ts): until then a request could remember the old rows.
      nowAndAfterHeldCommit(() => cacheOf(db).delete(key));
    },
  };
}

/** The live token version per user, or null when the user is gone or deactivated. */
const versions = rememberedReads<number, number | null>();
/** Whether a session (a refresh-token family) is still signed in. */
const sessions = rememberedReads<string, boolean>();

/** The user's current token version (null: gone or deactivated), read at most once per TTL. */
export function currentTokenVersion(db: Kysely<DB>, userId: number, now = Date.now()): Promise<number | null> {
  return versions.read(
    db,
    userId,
    () =>
      db
        .selectFrom('users')
        .select(['token_version', 'active'])
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then((row) => (row?.active ? row.token_version : null)),
    now,
  );
}

/** Call after the change commits, so this server refuses the user's old access tokens at once. */
export function forgetTokenVersion(db: Kysely<DB>, userId: number): void {
  versions.forget(db, userId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True while the session has a refresh token not revoked (one lookup on refresh_tokens_family_idx), read at most
 * once per TTL. Signing the session out (or a reuse of its refresh token) revokes the whole family.
 */
export function sessionLive(db: Kysely<DB>, userId: number, sessionId: string, now = Date.now()): Promise<boolean> {
  if (!UUID.test(sessionId)) return Promise.resolve(false);
  return sessions.read(
    db,
    sessionId,
    () =>
      db
        .selectFrom('refresh_tokens')
        .select('token_id')
        .where('family_id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .limit(1)
        .executeTakeFirst()
        .then((row) => row !== undefined),
    now,
  );
}

/** Call after a session is signed out, so this server refuses its access tokens at once. */
export function forgetSession(db: Kysely<DB>, sessionId: string): void {
  sessions.forget(db, sessionId);
}

/** 403 for a role the endpoint does not list; consultants by their own list. */
function checkRole(role: UserRole, endpoint: EndpointConfig): void {
  if (endpoint.auth.kind !== 'user') return;
  // Consultants are in no endpoint's roles: the one list of what they may call is the contract's
  // consultantAccess, and anything else is refused here (docs/decisions.md, "Consultants").
  if (role === 'Consultant') {
    if (!consultantRule(endpoint.id)) throw forbidden(consultantsMessages.notForConsultants);
  } else if (!endpoint.auth.roles.includes(role)) {
    throw forbidden('Your role does not allow this action.');
  }
}

/** A personal API token: 401 unknown or revoked, 403 outside its scope, then its owner's role as for a session. */
async function apiTokenCaller(req: FastifyRequest, endpoint: EndpointConfig, token: string): Promise<Caller> {
  const lookup = apiTokenLookups.get(req.server.db);
  const holder = lookup ? await lookup(req.server.db, token) : null;
  if (!holder) throw unauthorized(apiTokensMessages.tokenRefused);
  if (!apiTokenAllows(holder.scope, endpoint)) {
    throw forbidden(SESSION_ONLY.includes(endpoint.id) ? apiTokensMessages.sessionOnly : apiTokensMessages.scopeRefused);
  }
  checkRole(holder.user_role, endpoint);
  return {
    user_id: holder.user_id,
    company_id: holder.company_id,
    user_role: holder.user_role,
    api_token: { token_id: holder.token_id, scope: holder.scope },
  };
}

/**
 * Checks the endpoint's `auth` metadata: 401 without a valid token or for a token whose sessions
 * were ended (its version is older than the user's, or its own session was signed out), 403 for a role not listed.
 * A personal API token (`vdt_…`) is checked against its scope besides.
 */
export async function authenticate(
  req: FastifyRequest,
  endpoint: EndpointConfig,
  tokens: TokenService,
): Promise<Caller | null> {
  if (endpoint.auth.kind !== 'user') return null;
  const token = bearerToken(req);
  if (!token) throw unauthorized('Please sign in.');
  if (token.startsWith(API_TOKEN_PREFIX)) return apiTokenCaller(req, endpoint, token);
  const claims = await tokens.verifyAccess(token).catch(() => {
    throw new AppError('unauthorized', authMessages.sessionExpired);
  });
  const version = await currentTokenVersion(req.server.db, claims.user_id);
  if (version === null || version !== claims.tv) throw unauthorized(authMessages.sessionEnded);
  if (claims.sid !== undefined && !(await sessionLive(req.server.db, claims.user_id, claims.sid))) {
    throw unauthorized(authMessages.sessionEnded);
  }
  checkRole(claims.user_role, endpoint);
  return { user_id: claims.user_id, company_id: claims.company_id, user_role: claims.user_role };
}
