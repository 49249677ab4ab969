import { authMessages, type EndpointInput, type authEndpoints } from '@verdant/contract';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { writeAudit } from '../../lib/audit.js';
import { forgetSession, forgetTokenVersion, type Caller } from '../../plugins/auth.js';
import type { RefreshClaims } from '../../lib/tokens.js';
import * as repo from './auth.repository.js';
import { toSessionUser } from './auth.mapper.js';
import { verifyPasswordOrBurn } from './passwords.js';
import { forgiveAttempt, takeAttempt } from '../../lib/attempts/rate-limit.js';
import { accountDelayMs, accountFailures, loginAccountAddressKey, loginKeys, signInLimits } from './rate-limit.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof authEndpoints> = EndpointInput<(typeof authEndpoints)[K]>;

export type AuthDeps = Deps<'tokens' | 'config' | 'mailer' | 'log'>;

/** Signs in `user` with a new refresh-token family; inside a transaction, pass `{ tokens, db: trx }`. */
export async function issueSession(deps: Deps<'tokens'>, user: repo.UserRow) {
  const { db } = deps;
  const refresh = await deps.tokens.signRefresh(user.user_id);
  await repo.insertRefreshToken(db, {
    token_id: refresh.tokenId,
    family_id: refresh.familyId,
    user_id: user.user_id,
    expires_at: refresh.expiresAt,
  });
  return {
    access_token: await deps.tokens.signAccess(user, refresh.familyId),
    refresh_token: refresh.token,
    user: toSessionUser(user),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function login(deps: AuthDeps, input: Input<'login'>, ip: string) {
  const base = deps.config.authRateLimit;
  const attempt = await takeAttempt(deps.db, loginKeys(input.email, ip, base));
  // Guesses at one account from many addresses are slowed down, never refused: refusing would let
  // anyone lock the owner out. Each address is still refused on its own limits above.
  const delay = accountDelayMs(await accountFailures(deps.db, input.email, base), signInLimits(base).accountSoftMax);
  if (delay) {
    deps.log.warn({ delay_ms: delay }, 'many failed sign-ins for one account; answers are delayed');
    await sleep(delay);
  }
  const user = await repo.findUserByEmail(deps.db, input.email);
  const ok = await verifyPasswordOrBurn(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw unauthorized(authMessages.invalidCredentials);
  // The owner's own typos from this address are forgiven; failures from other addresses are not.
  await forgiveAttempt(deps.db, attempt, [loginAccountAddressKey(input.email, ip)]);
  // Said only to someone who knows the password, so it reveals nothing to a guesser.
  if (!user.active) throw forbidden(authMessages.accountDeactivated);
  return { status: 'success' as const, data: await issueSession(deps, user) };
}

/**
 * Ends every session of a user: refresh tokens revoked, and the token version bumped so every
 * access token already out is refused. Run it in the change's transaction, then call
 * `forgetTokenVersion` after the commit so this server refuses them at once.
 */
export async function endUserSessions({ db }: Deps, userId: number, at = new Date()): Promise<void> {
  await repo.revokeUserTokens(db, userId, at);
  await repo.bumpTokenVersion(db, userId);
}

/**
 * Refuses every access token already out without ending the sessions: the client's next refresh
 * gets a token with the user's current claims (a role change takes effect within seconds).
 */
export async function expireAccessTokens({ db }: Deps, userId: number): Promise<void> {
  await repo.bumpTokenVersion(db, userId);
}

/**
 * Signs one session out: its refresh-token family is revoked, and with it the access tokens issued in it
 * (they carry the family as their session, plugins/auth.ts). Any token, valid or not, answers the
 * same success, so the call tells nothing about tokens. An expired refresh token has nothing left
 * to revoke (its family's newer tokens are the ones the client holds).
 */
export async function logout(deps: AuthDeps, refreshToken: string) {
  const claims = await deps.tokens.verifyRefresh(refreshToken).catch(() => null);
  if (claims) {
    await repo.revokeUserFamily(deps.db, claims.user_id, claims.fid, new Date());
    forgetSession(deps.db, claims.fid);
  }
  return { status: 'success' as const, message: authMessages.signedOut };
}

/** Ends every session of the caller, on every device; their access tokens are refused within seconds. */
export async function logoutEverywhere(deps: AuthDeps, caller: Caller) {
  await deps.db.transaction().execute(async (trx) => {
    await endUserSessions({ db: trx }, caller.user_id);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'user.signed_out_everywhere',
      entityType: 'user',
      entityId: caller.user_id,
    });
  });
  forgetTokenVersion(deps.db, caller.user_id);
  return { status: 'success' as const, message: authMessages.signedOutEverywhere };
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
    if (!user?.active) return { verdict: 'unknown' } as const;
    await repo.markRefreshTokenUsed(trx, row!.token_id, now);
    const next = await deps.tokens.signRefresh(user.user_id, row!.family_id);
    await repo.insertRefreshToken(trx, {
      token_id: next.tokenId,
      family_id: next.familyId,
      user_id: user.user_id,
      expires_at: next.expiresAt,
    });
    // Claims come from the current row, so a role change takes effect at the next refresh.
    return { verdict, access_token: await deps.tokens.signAccess(user, row!.family_id), refresh_token: next.token } as const;
  });
  if (result.verdict === 'ok') {
    return { status: 'success' as const, access_token: result.access_token, refresh_token: result.refresh_token };
  }
  if (result.verdict === 'reused') {
    forgetSession(deps.db, claims.fid);
    deps.log.warn({ user_id: claims.user_id, family_id: claims.fid }, 'refresh token reused; family revoked');
  }
  const reused = result.verdict === 'reused' || result.verdict === 'revoked';
  throw unauthorized(reused ? authMessages.refreshReused : authMessages.sessionExpired);
}

/**
 * Changes a user's account columns for another module (users: threshold, location, role, active, language;
 * consultants: a grant's access), on `db` — the caller's transaction when it holds one, after its own checks
 * and row lock. Answers the row as it is now.
 */
export function changeAccount({ db }: Deps, userId: number, fields: repo.AccountChange): Promise<repo.UserRow> {
  return repo.updateAccount(db, userId, fields);
}
