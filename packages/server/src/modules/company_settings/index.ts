import type { FastifyInstance } from 'fastify';
import { companySettingsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { companySettingsHandlers } from './company-settings.routes.js';

export async function companySettingsModule(app: FastifyInstance) {
  registerEndpoints(app, companySettingsEndpoints, companySettingsHandlers);
}
