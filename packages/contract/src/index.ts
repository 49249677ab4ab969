import { healthEndpoints } from './health/health.endpoints.js';
import { authEndpoints } from './auth/auth.endpoints.js';
import { usersEndpoints } from './users/users.endpoints.js';
import { invitationsEndpoints } from './invitations/invitations.endpoints.js';
import { companyEndpoints } from './company/company.endpoints.js';
import { companySettingsEndpoints } from './company_settings/company-settings.endpoints.js';
import { contactEndpoints } from './contact/contact.endpoints.js';

export * from './http/define-endpoint.js';
export * from './http/envelope.js';
export * from './http/error-codes.js';
export * from './common/fields.js';
export * from './common/pagination.js';
export * from './common/constants.js';
export * from './auth/auth.schemas.js';
export * from './auth/auth.messages.js';
export * from './users/users.endpoints.js';
export * from './invitations/invitations.endpoints.js';
export * from './company/company.endpoints.js';
export * from './company_settings/company-settings.endpoints.js';
export { healthEndpoints, authEndpoints, contactEndpoints };

/** Every endpoint, by domain. A domain listed here must have handlers on the server (type-checked). */
export const domains = {
  health: healthEndpoints,
  auth: authEndpoints,
  users: usersEndpoints,
  invitations: invitationsEndpoints,
  company: companyEndpoints,
  company_settings: companySettingsEndpoints,
  contact: contactEndpoints,
} as const;

export const endpoints = Object.assign({}, ...Object.values(domains)) as {
  [D in keyof typeof domains]: (typeof domains)[D];
}[keyof typeof domains] extends infer U
  ? (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void
    ? I
    : never
  : never;
