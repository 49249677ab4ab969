import type { FastifyInstance } from 'fastify';
import { formHideUntilEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { formHideUntilHandlers } from './form-hide-until.routes.js';

export async function formHideUntilModule(app: FastifyInstance) {
  registerEndpoints(app, formHideUntilEndpoints, formHideUntilHandlers);
}
