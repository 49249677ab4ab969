import type { FastifyInstance } from 'fastify';
import { contactEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { contactHandlers } from './contact.routes.js';

export async function contactModule(app: FastifyInstance) {
  registerEndpoints(app, contactEndpoints, contactHandlers);
}
