import type { FastifyInstance } from 'fastify';
import { companyTimeZoneEndpoints, companyTimeZoneMessages as msg } from '@verdant/contract';
import { registerEndpoints, type Handlers } from '../../plugins/contract-routes.js';
import { companyTimeZone, setCompanyTimeZone } from '../company_settings/company-settings.service.js';
import type { Deps } from '../../lib/deps.js';
import type { Caller } from '../../plugins/auth.js';

async function setZone(deps: Deps, caller: Caller, zone: string) {
  await setCompanyTimeZone(deps, caller, zone);
  return { status: 'success' as const, message: msg.saved, time_zone: zone };
}

const handlers: Handlers<typeof companyTimeZoneEndpoints> = {
  getCompanyTimeZone: async ({ app, user }) => ({ status: 'success' as const, time_zone: await companyTimeZone(app, user.company_id) }),
  setCompanyTimeZone: ({ app, user, input }) => setZone(app, user, input.time_zone),
};

export async function companyTimeZoneModule(app: FastifyInstance) {
  registerEndpoints(app, companyTimeZoneEndpoints, handlers);
}
