import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId } from '../common/fields.js';
import { isTimeZone } from '../calendar/plain-date.js';

/**
 * Verdant extension (docs/decisions.md, "Recurring tasks and the company's time zone"): the company's IANA
 * time zone. Task automations' time_of_day and template reminders' notification_time are read in it.
 */
export const companyTimeZoneMessages = {
  saved: 'Time zone saved.',
} as const;

export const TimeZoneSchema = z
  .string({ error: 'must be a time zone such as Europe/Amsterdam' })
  .trim()
  .min(1, { error: 'is required' })
  .max(64, { error: 'must be a time zone such as Europe/Amsterdam' })
  .refine(isTimeZone, { error: 'must be a time zone such as Europe/Amsterdam' });

const CompanyQuery = z.object({ company_id: CompanyId });

export const companyTimeZoneEndpoints = {
  getCompanyTimeZone: defineEndpoint({
    id: 'getCompanyTimeZone', domain: 'company_time_zone', method: 'GET', path: '/get_company_time_zone',
    summary: "The company's time zone (IANA name; UTC until set)",
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: CompanyQuery,
    response: success({ time_zone: z.string() }),
  }),
  setCompanyTimeZone: defineEndpoint({
    id: 'setCompanyTimeZone', domain: 'company_time_zone', method: 'POST', path: '/set_company_time_zone',
    summary: "Set the company's time zone (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    query: CompanyQuery,
    either: z.object({ time_zone: TimeZoneSchema }),
    response: success({ message: z.string(), time_zone: z.string() }),
  }),
};
