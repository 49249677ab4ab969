import { companyEndpoints, companyMessages } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { createCompany, loadCompany } from './company.service.js';

export const companyHandlers: Handlers<typeof companyEndpoints> = {
  loadCompanyById: async ({ app, user, input }) => ({
    status: 'success' as const,
    company: await loadCompany(app, user, input.companyID),
  }),
  createCompany: async ({ app, user, input }) => {
    const created = await createCompany(app, user, input);
    return {
      status: 'success' as const,
      message: companyMessages.created,
      company_id: created.companyId,
      invite_token: created.inviteToken,
    };
  },
};
