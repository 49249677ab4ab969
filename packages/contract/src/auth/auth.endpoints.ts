import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint.js';
import { MessageEnvelope, success } from '../http/envelope.js';
import { Email, NonEmpty } from '../common/fields.js';
import { Password, SessionData, SignInFields, SignUpFields } from './auth.schemas.js';

export const authEndpoints = {
  createNewUser: defineEndpoint({
    id: 'createNewUser',
    domain: 'auth',
    method: 'POST',
    path: '/Create_new_user',
    summary: 'Sign up with an invitation; answers a signed-in session',
    auth: { kind: 'public' },
    tenancy: { none: true },
    body: { kind: 'multipart', schema: SignUpFields },
    response: success({ message: z.string(), data: SessionData }),
    // The idempotency store keeps answers in clear text; this one carries session tokens.
    idempotent: false,
  }),
  login: defineEndpoint({
    id: 'login',
    domain: 'auth',
    method: 'POST',
    path: '/login',
    summary: 'Sign in with e-mail and password',
    auth: { kind: 'public' },
    tenancy: { none: true },
    body: { kind: 'multipart', schema: SignInFields },
    response: success({ data: SessionData }),
    idempotent: false,
  }),
  requestPasswordReset: defineEndpoint({
    id: 'requestPasswordReset',
    domain: 'auth',
    method: 'POST',
    path: '/request_password_reset',
    summary: 'Mail a one-hour, single-use reset link; answers the same whether or not the e-mail exists',
    auth: { kind: 'public' },
    tenancy: { none: true },
    body: { kind: 'multipart', schema: z.object({ email: Email }) },
    response: MessageEnvelope,
    idempotent: false,
  }),
  resetPassword: defineEndpoint({
    id: 'resetPassword',
    domain: 'auth',
    method: 'POST',
    path: '/reset_password',
    summary: 'Set a new password with a reset token',
    auth: { kind: 'public' },
    tenancy: { none: true },
    query: z.object({ token: NonEmpty }),
    body: { kind: 'multipart', schema: z.object({ new_password: Password }) },
    response: MessageEnvelope,
    idempotent: false,
  }),
  refreshToken: defineEndpoint({
    id: 'refreshToken',
    domain: 'auth',
    method: 'POST',
    path: '/refresh_token',
    summary: 'Rotate the refresh token (sent as bearer); a reused one ends its whole session family',
    auth: { kind: 'refresh' },
    tenancy: { none: true },
    response: success({ access_token: z.string(), refresh_token: z.string() }),
    idempotent: false,
  }),
};
