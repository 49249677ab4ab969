import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { MessageEnvelope, success } from '../http/envelope.js';
import { CompanyId, Id, NonEmpty } from '../common/fields.js';
import { RoleSchema, UserRoleSchema } from '../auth/auth.schemas.js';
import { LANGUAGES } from '../common/constants.js';

export const UserSummary = z.object({
  user_id: z.number(),
  company_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  user_role: UserRoleSchema,
  location: z.string().nullable(),
  created_at: z.string(),
  /** False once an administrator deactivated the account: it cannot sign in. */
  active: z.boolean(),
  /** The plant-protection licence copied onto each application the user records (issue 22); null when none. */
  spray_licence_number: z.string().nullable().optional(),
});

/** true/false; form and query values arrive as strings ('true', 'false', '1', '0'). */
const Bool = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: 'must be true or false' }),
);

export const usersMessages = {
  licenceSaved: 'Spray licence number saved.',
  thresholdSaved: 'Threshold saved.',
  locationSaved: 'Location saved.',
  notYours: "Only an administrator can change another user's settings.",
  thresholdFailed: 'An error occurred while updating the threshold',
  roleChanged: 'Role changed.',
  userActivated: 'User reactivated. They can sign in again.',
  userDeactivated: 'User deactivated. Their sessions end within seconds.',
  notOwnRole: 'You cannot change your own role.',
  consultantRole: "A consultant's access is changed on the Consultants page, not by a role.",
  notYourself: 'You cannot deactivate or reactivate your own account.',
  superAdminRole: 'Only a SuperAdmin can give or take the SuperAdmin role.',
  superAdminDeactivate: 'Only a SuperAdmin can deactivate or reactivate a SuperAdmin.',
  languageSaved: 'Language saved.',
  notOwnLanguage: 'You can only choose your own language.',
} as const;

const Lang = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` });

/** A user's languages: their own choice (null follows the company), the company's, and the one in effect. */
export const UserLanguage = z.object({
  language: Lang.nullable(),
  company_language: Lang,
  effective_language: Lang,
});
export type UserLanguage = z.infer<typeof UserLanguage>;

export const usersEndpoints = {
  loadUsers: defineEndpoint({
    id: 'loadUsers',
    domain: 'users',
    method: 'GET',
    path: '/load_users',
    summary: "The company's users, or one of them",
    auth: { kind: 'user', roles: ALL_ROLES },
    tenancy: { company: ['company_id'], user: ['user_id'] },
    query: z.object({ company_id: CompanyId, user_id: Id.optional() }),
    response: success({ users: z.array(UserSummary) }),
  }),
  getThreshold: defineEndpoint({
    id: 'getThreshold',
    domain: 'users',
    method: 'GET',
    path: '/threshold',
    summary: "A user's threshold (null until set)",
    auth: { kind: 'user', roles: ALL_ROLES },
    tenancy: { user: ['user_id'] },
    query: z.object({ user_id: Id }),
    response: success({ threshold: z.number().nullable() }),
  }),
  setThreshold: defineEndpoint({
    id: 'setThreshold',
    domain: 'users',
    method: 'POST',
    path: '/threshold',
    summary: "Store a user's threshold",
    auth: { kind: 'user', roles: ALL_ROLES },
    tenancy: { user: ['user_id'] },
    body: {
      kind: 'json',
      schema: z.object({ user_id: Id, threshold: z.coerce.number({ error: 'must be a number' }).finite() }),
    },
    response: MessageEnvelope,
    clientMessages: { failed: usersMessages.thresholdFailed },
  }),
  updateLocation: defineEndpoint({
    id: 'updateLocation',
    domain: 'users',
    method: 'PUT',
    path: '/update_location',
    summary: "Store a user's location (used for weather)",
    auth: { kind: 'user', roles: ALL_ROLES },
    tenancy: { user: ['user_id'] },
    either: z.object({ user_id: Id, location: NonEmpty.max(200) }),
    response: MessageEnvelope,
  }),
  updateUserRole: defineEndpoint({
    id: 'updateUserRole',
    domain: 'users',
    method: 'POST',
    path: '/update_user_role',
    summary:
      "Verdant extension: change a colleague's role (not your own; to or from SuperAdmin only by a SuperAdmin). Takes effect at their next refresh",
    auth: { kind: 'user', roles: ADMIN_ROLES },
    tenancy: { company: ['company_id'], user: ['user_id'] },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, user_id: Id, user_role: RoleSchema }) },
    response: success({ message: z.string(), user: UserSummary }),
  }),
  setUserActive: defineEndpoint({
    id: 'setUserActive',
    domain: 'users',
    method: 'POST',
    path: '/set_user_active',
    summary:
      "Verdant extension: deactivate a colleague (sessions end within seconds, sign-in refused) or reactivate them; a SuperAdmin only by a SuperAdmin",
    auth: { kind: 'user', roles: ADMIN_ROLES },
    tenancy: { company: ['company_id'], user: ['user_id'] },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, user_id: Id, active: Bool }) },
    response: success({ message: z.string(), user: UserSummary }),
  }),
  getUserLanguage: defineEndpoint({
    id: 'getUserLanguage',
    domain: 'users',
    method: 'GET',
    path: '/get_user_language',
    summary: "Verdant extension: the user's own interface language (null: the company's), the company's and the one in effect",
    auth: { kind: 'user', roles: ALL_ROLES },
    tenancy: { user: ['user_id'] },
    query: z.object({ user_id: Id }),
    response: success(UserLanguage.shape),
  }),
  setUserLanguage: defineEndpoint({
    id: 'setUserLanguage',
    domain: 'users',
    method: 'POST',
    path: '/set_user_language',
    summary: "Verdant extension: choose your own interface language over the company's, or null to follow the company's again",
    auth: { kind: 'user', roles: ALL_ROLES },
    tenancy: { user: ['user_id'] },
    body: { kind: 'json', schema: z.object({ user_id: Id, language: z.preprocess((v) => (v === '' ? null : v), Lang.nullable()) }) },
    response: success({ message: z.string(), ...UserLanguage.shape }),
  }),
  setSprayLicence: defineEndpoint({
    id: 'setSprayLicence',
    domain: 'users',
    method: 'POST',
    path: '/set_spray_licence',
    summary:
      "Verdant extension (issue 22): a user's plant-protection licence (certificate) number, copied onto each application they record; " +
      'their own, or any user of the company by an Admin; null or blank clears it',
    auth: { kind: 'user', roles: ALL_ROLES },
    tenancy: { user: ['user_id'] },
    body: {
      kind: 'json',
      schema: z.object({
        user_id: Id,
        spray_licence_number: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(100, { error: 'must be at most 100 characters' }).nullable()),
      }),
    },
    response: success({ message: z.string(), user_id: z.number(), spray_licence_number: z.string().nullable() }),
  }),
};
