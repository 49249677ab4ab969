import { authEndpoints, type EndpointRequest } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { axiosPlain } from './http';

export type SignInInput = EndpointRequest<typeof authEndpoints.login>;
export type SignUpInput = EndpointRequest<typeof authEndpoints.createNewUser>;

/** POST /login (multipart email, password): the signed-in session data. */
export async function signIn(input: SignInInput) {
  const res = await callEndpoint(authEndpoints.login, input, axiosPlain);
  return res.data;
}

/** POST /Create_new_user with the invitation token: answers a signed-in session too. */
export async function signUp(input: SignUpInput) {
  const res = await callEndpoint(authEndpoints.createNewUser, input, axiosPlain);
  return res.data;
}

/** POST /request_password_reset (multipart email). */
export async function requestPasswordReset(email: string) {
  const res = await callEndpoint(authEndpoints.requestPasswordReset, { email }, axiosPlain);
  return res.message;
}

/** POST /reset_password?token (multipart new_password). */
export async function resetPassword(token: string, newPassword: string) {
  const res = await callEndpoint(authEndpoints.resetPassword, { token, new_password: newPassword }, axiosPlain);
  return res.message;
}
