import type { FastifyInstance } from 'fastify';
import { companyTimeZoneEndpoints, companyTimeZoneMessages as msg } from '@verdant/contract';
import { registerEndpoints, type Handlers } from '../../plugins/contract-routes.js';
import { writeAudit } from '../../lib/audit.js';
import type { Deps } from '../../lib/deps.js';
import type { Caller } from '../../plugins/auth.js';

async function readZone({ db }: Deps, companyId: number): Promise<string> {
  const row = await db.selectFrom('company_settings').select('time_zone').where('company_id', '=', companyId).executeTakeFirst();
  return row?.time_zone ?? 'UTC';
}

async function setZone({ db }: Deps, caller: Caller, zone: string) {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('company_settings').select('time_zone').where('company_id', '=', caller.company_id).forUpdate().executeTakeFirst();
    await trx
      .insertInto('company_settings')
      .values({ company_id: caller.company_id, time_zone: zone, updated_at: new Date() })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ time_zone: zone, updated_at: new Date() }))
      .execute();
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'company.time_zone', entityType: 'company', entityId: caller.company_id,
      before: { time_zone: before?.time_zone ?? 'UTC' }, after: { time_zone: zone },
    });
  });
  return { status: 'success' as const, message: msg.saved, time_zone: zone };
}

const handlers: Handlers<typeof companyTimeZoneEndpoints> = {
  getCompanyTimeZone: async ({ app, user }) => ({ status: 'success' as const, time_zone: await readZone(app, user.company_id) }),
  setCompanyTimeZone: ({ app, user, input }) => setZone(app, user, input.time_zone),
};

export async function companyTimeZoneModule(app: FastifyInstance) {
  registerEndpoints(app, companyTimeZoneEndpoints, handlers);
}
