import { authEndpoints, type EndpointRequest } from '@verdant/contract';
import { endSession, readSession } from '../lib/session';
import { errorMessage } from './api-error';
import { callEndpoint } from './call-endpoint';
import { httpPlain } from './http';

export type SignInInput = EndpointRequest<typeof authEndpoints.login>;
export type SignUpInput = EndpointRequest<typeof authEndpoints.createNewUser>;

/** POST /login (multipart email, password): the signed-in session data. */
export async function signIn(input: SignInInput) {
  const res = await callEndpoint(authEndpoints.login, input, httpPlain);
  return res.data;
}

/** POST /Create_new_user with the invitation token: answers a signed-in session too. */
export async function signUp(input: SignUpInput) {
  const res = await callEndpoint(authEndpoints.createNewUser, input, httpPlain);
  return res.data;
}

/** POST /request_password_reset (multipart email). */
export async function requestPasswordReset(email: string) {
  const res = await callEndpoint(authEndpoints.requestPasswordReset, { email }, httpPlain);
  return res.message;
}

/** POST /reset_password?token (multipart new_password). */
export async function resetPassword(token: string, newPassword: string) {
  const res = await callEndpoint(authEndpoints.resetPassword, { token, new_password: newPassword }, httpPlain);
  return res.message;
}

/** POST /logout (JSON refresh_token, public): revokes this device's refresh-token family. */
export async function logout(refreshToken: string) {
  const res = await callEndpoint(authEndpoints.logout, { refresh_token: refreshToken }, httpPlain, { timeout: 10_000 });
  return res.message;
}

/** POST /logout_everywhere (signed in, no body): ends every session of the caller, this one too. */
export async function logoutEverywhere() {
  const res = await callEndpoint(authEndpoints.logoutEverywhere, {});
  return res.message;
}

/**
 * The user signs out: the session ends here at once (offline too), then the server is told to revoke
 * the refresh token. That call is best effort; a failure is only logged.
 */
export function signOut() {
  const { refreshToken } = readSession();
  endSession();
  if (!refreshToken) return;
  logout(refreshToken).catch((err: unknown) => console.warn('Sign-out could not reach the server', errorMessage(err)));
}
