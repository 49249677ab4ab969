import { createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { AccessClaims, type UserRole } from '@verdant/contract';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface RefreshClaims {
  user_id: number;
  jti: string;
  fid: string;
  exp: number;
}

/**
 * The claims the client reads, plus `tv`: the user's token version when the token was made, and `sid`: the
 * session (refresh-token family) it belongs to, so signing that session out refuses it (plugins/auth.ts).
 */
export type VerifiedAccess = AccessClaims & { tv: number; sid?: string };

export interface TokenService {
  /**
   * `token_version` defaults to 0, the version of an account whose sessions were never ended; `session_id` is the
   * refresh-token family the token was issued in (none: a token no sign-out can end before it expires).
   */
  signAccess(user: { user_id: number; user_role: UserRole; company_id: number; token_version?: number }, sessionId?: string): Promise<string>;
  signRefresh(userId: number, familyId?: string): Promise<{ token: string; tokenId: string; familyId: string; expiresAt: Date }>;
  verifyAccess(token: string): Promise<VerifiedAccess>;
  verifyRefresh(token: string): Promise<RefreshClaims>;
}

export function createTokenService(secret: string, ttl = { access: ACCESS_TTL_SECONDS, refresh: REFRESH_TTL_SECONDS }): TokenService {
  // A KeyObject made once: jose would otherwise import the raw secret on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const now = () => Math.floor(Date.now() / 1000);
  // Verified access tokens are immutable until they expire, so their claims can be remembered.
  const verified = new Map<string, VerifiedAccess>();
  const VERIFIED_MAX = 10_000;
  return {
    signAccess: (u, sessionId) =>
      new SignJWT({
        user_id: u.user_id,
        user_role: u.user_role,
        company_id: u.company_id,
        tv: u.token_version ?? 0,
        ...(sessionId ? { sid: sessionId } : {}),
        typ: 'access',
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(now() + ttl.access)
        .sign(key),
    async signRefresh(userId, familyId = randomUUID()) {
      const tokenId = randomUUID();
      const exp = now() + ttl.refresh;
      const token = await new SignJWT({ user_id: userId, fid: familyId, typ: 'refresh' })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(tokenId)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
      return { token, tokenId, familyId, expiresAt: new Date(exp * 1000) };
    },
    async verifyAccess(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp > now()) return known;
        verified.delete(token);
      }
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (payload.typ !== 'access') throw new Error('not an access token');
      const claims: VerifiedAccess = { ...AccessClaims.parse(payload), tv: typeof payload.tv === 'number' ? payload.tv : 0 };
      if (typeof payload.sid === 'string') claims.sid = payload.sid;
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    },
    async verifyRefresh(token) {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (payload.typ !== 'refresh' || typeof payload.jti !== 'string' || typeof payload.fid !== 'string') {
        throw new Error('not a refresh token');
      }
      return { user_id: Number(payload.user_id), jti: payload.jti, fid: payload.fid, exp: Number(payload.exp) };
    },
  };
}
