import { useMutation } from '@tanstack/react-query';
import type { SignInInput, SignUpInput } from '../../../api/auth';
import { startSession } from '../../../lib/session';

/**
 * The HTTP client and the contract's schemas load when a form is sent, not with the sign-in screen:
 * it then shows within the first download's budget (bench/bundle-size.ts).
 */
const authApi = () => import('../../../api/auth');

/** POST /login, then the session is stored. */
export function useSignIn() {
  return useMutation({
    mutationFn: async (input: SignInInput) => startSession(await (await authApi()).signIn(input)),
  });
}

/** POST /Create_new_user answers a session: the new user is signed in. */
export function useSignUp() {
  return useMutation({
    mutationFn: async (input: SignUpInput) => startSession(await (await authApi()).signUp(input)),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: async (email: string) => (await authApi()).requestPasswordReset(email) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async ({ token, password }: { token: string; password: string }) => (await authApi()).resetPassword(token, password),
  });
}
