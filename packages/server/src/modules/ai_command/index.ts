import type { FastifyInstance } from 'fastify';
import { aiCommandEndpoints } from '@verdant/contract';
import { registerEndpoints, type Handlers } from '../../plugins/contract-routes.js';
import { saveCommand } from './ai-command.service.js';

const handlers: Handlers<typeof aiCommandEndpoints> = {
  saveCommand: ({ app, user, input }) => saveCommand(app, user, input),
};

export async function aiCommandModule(app: FastifyInstance) {
  registerEndpoints(app, aiCommandEndpoints, handlers);
}
