import type { FastifyRequest } from 'fastify';
import type { EndpointConfig, Role } from '@verdant/contract';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import type { TokenService } from '../modules/auth/tokens.js';

export interface Caller {
  user_id: number;
  company_id: number;
  user_role: Role;
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** Checks the endpoint's `auth` metadata: 401 without a valid token, 403 for a role not listed. */
export async function authenticate(
  req: FastifyRequest,
  endpoint: EndpointConfig,
  tokens: TokenService,
): Promise<Caller | null> {
  if (endpoint.auth.kind !== 'user') return null;
  const token = bearerToken(req);
  if (!token) throw unauthorized('Please sign in.');
  const claims = await tokens.verifyAccess(token).catch(() => {
    throw new AppError('unauthorized', 'Your session has expired. Please sign in again.');
  });
  if (!endpoint.auth.roles.includes(claims.user_role)) {
    throw forbidden('Your role does not allow this action.');
  }
  return { user_id: claims.user_id, company_id: claims.company_id, user_role: claims.user_role };
}
