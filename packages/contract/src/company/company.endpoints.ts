import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Email, NonEmpty } from '../common/fields.js';

export const Company = z.object({
  company_id: z.number(),
  company_name: z.string(),
  company_type: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  created_at: z.string(),
});

export const companyMessages = {
  fetchFailed: 'Failed to fetch company',
  createFailed: 'Failed to create company',
  created: 'Company created. An invitation was sent to its contact e-mail.',
  contactHasAccount: 'A user with this contact_email already exists; use another address.',
  contactInvited: 'This contact_email already has an open invitation; use another address or let it expire.',
} as const;

export const companyEndpoints = {
  loadCompanyById: defineEndpoint({
    id: 'loadCompanyById',
    domain: 'company',
    method: 'GET',
    path: '/Load_company_by_id/{companyID}',
    summary: "The caller's company",
    auth: { kind: 'user', roles: ALL_ROLES },
    tenancy: { company: ['companyID'] },
    params: z.object({ companyID: CompanyId }),
    response: success({ company: Company }),
    clientMessages: companyMessages,
  }),
  createCompany: defineEndpoint({
    id: 'createCompany',
    domain: 'company',
    method: 'POST',
    path: '/Create_company',
    summary: "Create a company (SuperAdmin); its contact_email is invited as the company's Admin",
    auth: { kind: 'user', roles: ['SuperAdmin'] },
    tenancy: { none: true },
    body: {
      kind: 'multipart',
      schema: z.object({
        company_name: NonEmpty.max(200),
        contact_name: NonEmpty.max(200),
        contact_email: Email,
        company_type: z.string().trim().max(100).optional(),
        contact_phone: z.string().trim().max(50).optional(),
      }),
    },
    response: success({ message: z.string(), company_id: z.number(), invite_token: z.string() }),
    // The answer holds the raw invite token, kept at rest only as a hash; a repeat is refused (409) instead.
    idempotent: false,
    clientMessages: companyMessages,
  }),
};
