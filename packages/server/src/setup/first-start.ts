import type { FastifyInstance } from 'fastify';

/** Seeders each domain adds for the demo company; run once, on an empty database. */
export type DemoSeeder = (app: FastifyInstance, ctx: { companyId: number; userId: number }) => Promise<void>;
export const demoSeeders: DemoSeeder[] = [];

/**
 * With an empty database: create the configured company and SuperAdmin, or the demo company with a
 * generated password printed once. Filled in by the company/auth module.
 */
export async function firstStart(app: FastifyInstance): Promise<void> {
  const existing = await app.db.selectFrom('companies').select('company_id').limit(1).executeTakeFirst();
  if (existing) return;
  app.log.warn('first start: no company yet (the accounts module creates one)');
}
