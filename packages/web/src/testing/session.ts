import type { UserRole } from '@verdant/contract';
import { startSession } from '../lib/session';
import { makeJwt, nowSeconds } from './jwt';

export interface TestSessionOptions {
  role?: UserRole;
  userId?: number;
  companyId?: number;
  /** Seconds from now; negative = already expired. */
  accessExpiresIn?: number;
  refreshExpiresIn?: number;
}

/** Stores a session the way sign-in does and returns its tokens. */
export function signInAs({
  role = 'Admin',
  userId = 7,
  companyId = 3,
  accessExpiresIn = 900,
  refreshExpiresIn = 86_400,
}: TestSessionOptions = {}) {
  const claims = { user_id: userId, user_role: role, company_id: companyId };
  const accessToken = makeJwt({ ...claims, exp: nowSeconds() + accessExpiresIn });
  const refreshToken = makeJwt({ ...claims, exp: nowSeconds() + refreshExpiresIn, typ: 'refresh' });
  startSession({
    access_token: accessToken,
    refresh_token: refreshToken,
    user: { user_id: userId, company_id: companyId, user_role: role },
  });
  return { accessToken, refreshToken };
}
