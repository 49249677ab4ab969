import { describe, expect, it } from 'vitest';
import { usersMessages as msg } from '@verdant/contract';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const getLanguage = (headers: Record<string, string>, userId: number) =>
  t.app.inject({ method: 'GET', url: `/api/get_user_language?user_id=${userId}`, headers });
const setLanguage = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/set_user_language', headers, payload });
const setCompanyLanguage = (headers: Record<string, string>, companyId: number, language: string) =>
  t.app.inject({ method: 'POST', url: '/api/set_company_language', headers, query: { company_id: String(companyId), language } });

describe('a user’s own language', () => {
  it("follows the company's until the user chooses one, and again after they choose null", async () => {
    expect((await setCompanyLanguage(a.admin.auth, a.companyId, 'es')).statusCode).toBe(200);
    const first = await getLanguage(a.regular.auth, a.regular.user_id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'success', language: null, company_language: 'es', effective_language: 'es' });

    const chosen = await setLanguage(a.regular.auth, { user_id: a.regular.user_id, language: 'nl' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ status: 'success', message: msg.languageSaved, language: 'nl', company_language: 'es', effective_language: 'nl' });
    // The company's default changing does not override the user's own choice.
    await setCompanyLanguage(a.admin.auth, a.companyId, 'fr');
    expect((await getLanguage(a.regular.auth, a.regular.user_id)).json()).toMatchObject({ language: 'nl', company_language: 'fr', effective_language: 'nl' });

    const back = await setLanguage(a.regular.auth, { user_id: a.regular.user_id, language: null });
    expect(back.json()).toMatchObject({ language: null, effective_language: 'fr' });
    const events = await t.app.db.selectFrom('audit_events').select(['action', 'user_id', 'before', 'after']).where('action', '=', 'user.language_changed').where('company_id', '=', a.companyId).orderBy('id').execute();
    expect(events).toEqual([
      { action: 'user.language_changed', user_id: a.regular.user_id, before: { language: null }, after: { language: 'nl' } },
      { action: 'user.language_changed', user_id: a.regular.user_id, before: { language: 'nl' }, after: { language: null } },
    ]);
  });

  it('applies to what the server answers: the library comes back in the chosen language', async () => {
    await setLanguage(a.admin.auth, { user_id: a.admin.user_id, language: 'es' });
    const res = await t.app.inject({ method: 'GET', url: `/api/plant_problems/load_plant_problems?company_id=${a.companyId}&slug=western-flower-thrips`, headers: a.admin.auth });
    expect(res.json().problems[0]).toMatchObject({ name: 'Western flower thrips', display_name: 'Trips occidental de las flores' });
  });

  it('refuses a language outside the four, naming the field, and a missing one', async () => {
    const bad = await setLanguage(a.regular.auth, { user_id: a.regular.user_id, language: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'language' });
    const missing = await setLanguage(a.regular.auth, { user_id: a.regular.user_id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'language', message: 'language is required.' });
  });

  it("is the user's alone: an administrator cannot choose it for a colleague", async () => {
    const res = await setLanguage(a.admin.auth, { user_id: a.regular.user_id, language: 'fr' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(msg.notOwnLanguage);
    expect((await getLanguage(a.admin.auth, a.regular.user_id)).statusCode).toBe(200);
  });

  it("refuses another company's user: 404", async () => {
    expect((await getLanguage(a.regular.auth, b.regular.user_id)).statusCode).toBe(404);
    expect((await setLanguage(a.regular.auth, { user_id: b.regular.user_id, language: 'fr' })).statusCode).toBe(404);
  });
});
