import { z } from 'zod';
import { ROLES, USER_ROLES } from '../http/define-endpoint.js';
import { Email, NonEmpty } from '../common/fields.js';

export const RoleSchema = z.enum(ROLES, { error: 'must be Admin, SuperAdmin or Regular' });
/** A signed-in user's role, consultants included (sessions, tokens, invitations, user lists). */
export const UserRoleSchema = z.enum(USER_ROLES, { error: 'must be Admin, SuperAdmin, Regular or Consultant' });

export const SessionUser = z.object({
  user_id: z.number(),
  company_id: z.number(),
  user_role: UserRoleSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user: SessionUser,
});

/** Password rules are checked on the server, where the e-mail is known too (see auth.messages). */
export const Password = z.string({ error: 'is required' }).min(1, { error: 'is required' });

export const SignUpFields = z.object({
  first_name: NonEmpty.max(100),
  last_name: NonEmpty.max(100),
  email: Email,
  password: Password,
  invite_token: NonEmpty,
});

export const SignInFields = z.object({ email: Email, password: Password });

/** Access-token claims the client reads. */
export const AccessClaims = z.object({
  user_id: z.number(),
  user_role: UserRoleSchema,
  company_id: z.number(),
  exp: z.number(),
});
export type AccessClaims = z.infer<typeof AccessClaims>;
