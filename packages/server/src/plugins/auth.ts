import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { authMessages, consultantRule, consultantsMessages, type EndpointConfig, type UserRole } from '@verdant/contract';
import type { DB } from '../db/schema.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import type { TokenService } from '../lib/tokens.js';

export interface Caller {
  user_id: number;
  company_id: number;
  user_role: UserRole;
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

interface VersionEntry {
  at: number;
  /** The live token version, or null when the user is gone or deactivated. */
  version: Promise<number | null>;
}

// Per database, so test apps running side by side never see each other's users.
const versionCaches = new WeakMap<object, Map<number, VersionEntry>>();

function versionCache(db: Kysely<DB>): Map<number, VersionEntry> {
  let cache = versionCaches.get(db);
  if (!cache) versionCaches.set(db, (cache = new Map()));
  return cache;
}

/** The user's current token version (null: gone or deactivated), read at most once per TTL. */
export function currentTokenVersion(db: Kysely<DB>, userId: number, now = Date.now()): Promise<number | null> {
  const cache = versionCache(db);
  const hit = cache.get(userId);
  if (hit && now - hit.at < TOKEN_VERSION_TTL_MS) return hit.version;
  const version = db
    .selectFrom('users')
    .select(['token_version', 'active'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
    .then((row) => (row?.active ? row.token_version : null));
  // A failed read is not remembered: the next request asks again.
  version.catch(() => {
    if (cache.get(userId)?.version === version) cache.delete(userId);
  });
  cache.delete(userId);
  if (cache.size >= TOKEN_VERSION_MAX) cache.delete(cache.keys().next().value!);
  cache.set(userId, { at: now, version });
  return version;
}

/** Call after the change commits, so this server refuses the user's old access tokens at once. */
export function forgetTokenVersion(db: Kysely<DB>, userId: number): void {
  versionCache(db).delete(userId);
}

/**
 * Checks the endpoint's `auth` metadata: 401 without a valid token or for a token whose sessions
 * were ended (its version is older than the user's), 403 for a role not listed.
 */
export async function authenticate(
  req: FastifyRequest,
  endpoint: EndpointConfig,
  tokens: TokenService,
): Promise<Caller | null> {
  if (endpoint.auth.kind !== 'user') return null;
  const token = bearerToken(req);
  if (!token) throw unauthorized('Please sign in.');
  const claims = await tokens.verifyAccess(token).catch(() => {
    throw new AppError('unauthorized', authMessages.sessionExpired);
  });
  const version = await currentTokenVersion(req.server.db, claims.user_id);
  if (version === null || version !== claims.tv) throw unauthorized(authMessages.sessionEnded);
  // Consultants are in no endpoint's roles: the one list of what they may call is the contract's
  // consultantAccess, and anything else is refused here (docs/decisions.md, "Consultants").
  if (claims.user_role === 'Consultant') {
    if (!consultantRule(endpoint.id)) throw forbidden(consultantsMessages.notForConsultants);
  } else if (!endpoint.auth.roles.includes(claims.user_role)) {
    throw forbidden('Your role does not allow this action.');
  }
  return { user_id: claims.user_id, company_id: claims.company_id, user_role: claims.user_role };
}
