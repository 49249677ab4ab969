import type { authEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { login, logout, logoutEverywhere, refreshSession } from './auth.service.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';
import { signUp } from './sign-up.service.js';

export const authHandlers: Handlers<typeof authEndpoints> = {
  createNewUser: ({ app, input }) => signUp(app, input),
  login: ({ app, input, req }) => login(app, input, req.ip),
  requestPasswordReset: ({ app, input, req }) => requestPasswordReset(app, input.email, req.ip),
  resetPassword: ({ app, input }) => resetPassword(app, input.token, input.new_password),
  refreshToken: ({ app, bearer }) => refreshSession(app, bearer),
  logout: ({ app, input }) => logout(app, input.refresh_token),
  logoutEverywhere: ({ app, user }) => logoutEverywhere(app, user),
};
