import { contactEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { storeContactMessage } from './contact.service.js';

export const contactHandlers: Handlers<typeof contactEndpoints> = {
  contactUs: async ({ app, req, input }) => {
    await storeContactMessage(app, req.ip, input);
    return { status: 'success' as const, message: 'Thank you. We will get back to you soon.' };
  },
};
