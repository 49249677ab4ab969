import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset, resetPassword, signIn, signUp, type SignInInput, type SignUpInput } from '../../../api/auth';
import { startSession } from '../../../lib/session';

/** POST /login, then the session is stored. */
export function useSignIn() {
  return useMutation({
    mutationFn: async (input: SignInInput) => startSession(await signIn(input)),
  });
}

/** POST /Create_new_user answers a session: the new user is signed in. */
export function useSignUp() {
  return useMutation({
    mutationFn: async (input: SignUpInput) => startSession(await signUp(input)),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) => resetPassword(token, password),
  });
}
