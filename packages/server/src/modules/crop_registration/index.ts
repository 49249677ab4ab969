import type { FastifyInstance } from 'fastify';
import { cropRegistrationEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { cropRegistrationHandlers } from './crop-registration.routes.js';

/** Crop registration on sample plants and the harvest forecast (issue 24; docs/decisions.md). */
export async function cropRegistrationModule(app: FastifyInstance) {
  registerEndpoints(app, cropRegistrationEndpoints, cropRegistrationHandlers);
}

/** The crop balance report of the reports builder reads the indicators through this (modules/reports). */
export { cropBalanceWeeks, type BalanceWeek } from './crop-registration.balance.js';
