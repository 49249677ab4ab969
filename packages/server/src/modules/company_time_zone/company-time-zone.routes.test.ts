import { describe, expect, it } from 'vitest';
import { companyTimeZoneMessages as msg } from '@verdant/contract';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const get = (auth: object, companyId: number) =>
  t.app.inject({ method: 'GET', url: '/api/get_company_time_zone', headers: auth as Record<string, string>, query: { company_id: String(companyId) } });
const set = (auth: object, companyId: number, zone: string) =>
  t.app.inject({ method: 'POST', url: `/api/set_company_time_zone?company_id=${companyId}`, headers: auth as Record<string, string>, payload: { time_zone: zone } });

describe('company time zone', () => {
  it('is UTC until an Admin sets it; everyone of the company reads it; the change is audited', async () => {
    expect((await get(a.regular.auth, a.companyId)).json()).toEqual({ status: 'success', time_zone: 'UTC' });
    const res = await set(a.admin.auth, a.companyId, ' Europe/Amsterdam ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: msg.saved, time_zone: 'Europe/Amsterdam' });
    expect((await get(a.regular.auth, a.companyId)).json().time_zone).toBe('Europe/Amsterdam');
    expect((await get(b.regular.auth, b.companyId)).json().time_zone).toBe('UTC');
    const audit = await t.app.db.selectFrom('audit_events').select(['user_id', 'before', 'after']).where('action', '=', 'company.time_zone')
      .where('company_id', '=', a.companyId).execute();
    expect(audit).toEqual([{ user_id: a.admin.user_id, before: { time_zone: 'UTC' }, after: { time_zone: 'Europe/Amsterdam' } }]);
  });

  it('refuses an unknown zone naming the field, a Regular user, and another company', async () => {
    for (const zone of ['Mars/Olympus', '', 'x'.repeat(65)]) {
      const res = await set(a.admin.auth, a.companyId, zone);
      expect(res.statusCode, zone).toBe(400);
      expect(res.json().field).toBe('time_zone');
    }
    expect((await set(a.regular.auth, a.companyId, 'Europe/Madrid')).statusCode).toBe(403);
    expect((await set(b.admin.auth, a.companyId, 'Europe/Madrid')).statusCode).toBe(403);
    expect((await get(b.admin.auth, a.companyId)).statusCode).toBe(403);
    expect((await get(a.regular.auth, a.companyId)).json().time_zone).toBe('Europe/Amsterdam');
  });
});
