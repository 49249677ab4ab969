import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { authMessages } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import { unauthorized } from '../../lib/errors.js';
import type { RefreshClaims } from './tokens.js';
import * as repo from './auth.repository.js';
import { toSessionUser } from './auth.mapper.js';
import { verifyPasswordOrBurn } from './passwords.js';
import { forgiveAttempt, loginAccountKey, loginKeys, takeAttempt } from './rate-limit.js';

export type AuthDeps = Pick<FastifyInstance, 'db' | 'tokens' | 'config' | 'mailer' | 'log'>;

/** Signs in `user` with a new refresh-token family. Pass the transaction when there is one. */
export async function issueSession(deps: Pick<AuthDeps, 'tokens'>, db: Kysely<DB>, user: repo.UserRow) {
  const refresh = await deps.tokens.signRefresh(user.user_id);
  await repo.insertRefreshToken(db, {
    token_id: refresh.tokenId,
    family_id: refresh.familyId,
    user_id: user.user_id,
    expires_at: refresh.expiresAt,
  });
  return {
    access_token: await deps.tokens.signAccess(user),
    refresh_token: refresh.token,
    user: toSessionUser(user),
  };
}

export async function login(deps: AuthDeps, input: { email: string; password: string }, ip: string) {
  const attempt = await takeAttempt(deps.db, loginKeys(input.email, ip), deps.config.authRateLimit);
  const user = await repo.findUserByEmail(deps.db, input.email);
  const ok = await verifyPasswordOrBurn(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw unauthorized(authMessages.invalidCredentials);
  // The account's own failures are forgiven; other people's failures from this IP are not.
  await forgiveAttempt(deps.db, attempt, [loginAccountKey(input.email)]);
  return { status: 'success' as const, data: await issueSession(deps, deps.db, user) };
}

export type RefreshVerdict = 'ok' | 'unknown' | 'expired' | 'revoked' | 'reused';

/** What a presented refresh token means, given its stored row (locked) and its verified claims. */
export function refreshVerdict(row: repo.RefreshTokenRow | undefined, claims: RefreshClaims, now: Date): RefreshVerdict {
  if (!row || row.user_id !== claims.user_id || row.family_id !== claims.fid) return 'unknown';
  if (row.revoked_at) return 'revoked';
  if (row.used_at) return 'reused';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'ok';
}

/**
 * Rotates a refresh token. The row lock makes a concurrent second use of the same token wait and
 * then see it used, which counts as reuse: the whole family is revoked, as after a theft.
 */
export async function refreshSession(deps: AuthDeps, bearer: string | null) {
  const claims = bearer ? await deps.tokens.verifyRefresh(bearer).catch(() => null) : null;
  if (!claims) throw unauthorized(authMessages.sessionExpired);
  const result = await deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    const row = await repo.lockRefreshToken(trx, claims.jti);
    const verdict = refreshVerdict(row, claims, now);
    if (verdict === 'reused') await repo.revokeFamily(trx, row!.family_id, now);
    if (verdict !== 'ok') return { verdict } as const;
    const user = await repo.findUserById(trx, row!.user_id);
    if (!user) return { verdict: 'unknown' } as const;
    await repo.markRefreshTokenUsed(trx, row!.token_id, now);
    const next = await deps.tokens.signRefresh(user.user_id, row!.family_id);
    await repo.insertRefreshToken(trx, {
      token_id: next.tokenId,
      family_id: next.familyId,
      user_id: user.user_id,
      expires_at: next.expiresAt,
    });
    // Claims come from the current row, so a role change takes effect at the next refresh.
    return { verdict, access_token: await deps.tokens.signAccess(user), refresh_token: next.token } as const;
  });
  if (result.verdict === 'ok') {
    return { status: 'success' as const, access_token: result.access_token, refresh_token: result.refresh_token };
  }
  if (result.verdict === 'reused') deps.log.warn({ user_id: claims.user_id, family_id: claims.fid }, 'refresh token reused; family revoked');
  const reused = result.verdict === 'reused' || result.verdict === 'revoked';
  throw unauthorized(reused ? authMessages.refreshReused : authMessages.sessionExpired);
}
