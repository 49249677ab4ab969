import type { FastifyInstance } from 'fastify';
import { healthEndpoints } from '@verdant/contract';
import { sql } from 'kysely';
import { registerEndpoints, type Handlers } from '../../plugins/contract-routes.js';

const handlers: Handlers<typeof healthEndpoints> = {
  health: async ({ app }) => {
    await sql`select 1`.execute(app.db);
    return { status: 'success' as const };
  },
};

export async function healthModule(app: FastifyInstance) {
  registerEndpoints(app, healthEndpoints, handlers);
}
