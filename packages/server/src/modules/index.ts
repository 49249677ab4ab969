import type { FastifyInstance } from 'fastify';
import { healthModule } from './health/index.js';
import { companyModule } from './company/index.js';
import { companySettingsModule } from './company_settings/index.js';
import { contactModule } from './contact/index.js';
import { authModule } from './auth/index.js';
import { usersModule } from './users/index.js';
import { invitationsModule } from './invitations/index.js';

/** Every API module, registered under /api in this order. */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthModule,
  companyModule,
  companySettingsModule,
  contactModule,
  authModule,
  usersModule,
  invitationsModule,
];
