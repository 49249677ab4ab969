import { describe, expect, it } from 'vitest';
import {
  AI_MODELS,
  DASHBOARD_TILES,
  DEFAULT_AI_MODEL,
  companySettingsEndpoints,
  companySettingsMessages as msg,
} from '@verdant/contract';
import { makeTenant } from '../../test/factories.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const get = (path: string, headers: Record<string, string>, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers, query: stringify(query) });
const post = (path: string, headers: Record<string, string>, query: Record<string, string | number>, body?: object | FormData) =>
  t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers,
    query: stringify(query),
    ...(body instanceof FormData ? { payload: body } : body ? { payload: body as Record<string, unknown> } : {}),
  });
const stringify = (q: Record<string, string | number>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

async function auditEvents(companyId: number) {
  return t.app.db
    .selectFrom('audit_events')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('action', '=', 'company_settings.update')
    .orderBy('id')
    .execute();
}

describe('reading settings', () => {
  it('answers the defaults to every role of the company', async () => {
    for (const user of [a.superAdmin, a.admin, a.regular]) {
      const q = { company_id: a.companyId };
      expect((await get('/get_company_thresholds', user.auth, q)).json()).toEqual({
        status: 'success',
        thresholds: { warning: 1, critical: 5 },
      });
      expect((await get('/get_company_grid_order', user.auth, q)).json().grid_order).toEqual([...DASHBOARD_TILES]);
      expect((await get('/get_grid_opacity', user.auth, q)).json().grid_opacity).toBe(1);
      expect((await get('/get_company_offline_mode', user.auth, q)).json().offline_mode).toBe(0);
      expect((await get('/get_company_ai_model', user.auth, q)).json().ai_model).toBe(DEFAULT_AI_MODEL);
      expect((await get('/get_company_auto_refresh_mode', user.auth, q)).json().auto_refresh_mode).toBe(0);
      expect((await get('/get_company_language', user.auth, q)).json().language).toBe('en');
      expect((await get('/get_stickytrap_render', user.auth, q)).json().value).toBe(1);
    }
  });

  it('creates the settings row with defaults when a company has none', async () => {
    const c = await makeTenant(t.app);
    await t.app.db.deleteFrom('company_settings').where('company_id', '=', c.companyId).execute();
    const res = await get('/get_company_language', c.regular.auth, { company_id: c.companyId });
    expect(res.json()).toEqual({ status: 'success', language: 'en' });
    const row = await t.app.db.selectFrom('company_settings').selectAll().where('company_id', '=', c.companyId).executeTakeFirst();
    expect(row?.language).toBe('en');
  });

  it("says 'company_id is required.' without a company", async () => {
    const res = await get('/get_company_language', a.admin.auth, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message: msg.languageMissingCompany, field: 'company_id' });
  });
});

describe('writing settings', () => {
  it('sets the grid order from a multipart JSON string and audits before and after', async () => {
    const order = [...DASHBOARD_TILES].reverse();
    const res = await post('/set_company_grid_order', a.admin.auth, { company_id: a.companyId }, form({ grid_order: JSON.stringify(order) }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: msg.saved, grid_order: order });
    expect((await get('/get_company_grid_order', a.regular.auth, { company_id: a.companyId })).json().grid_order).toEqual(order);
    const last = (await auditEvents(a.companyId)).at(-1)!;
    expect(last).toMatchObject({ user_id: a.admin.user_id, entity_type: 'company_settings', entity_id: String(a.companyId) });
    expect(last.before).toEqual({ grid_order: [...DASHBOARD_TILES] });
    expect(last.after).toEqual({ grid_order: order });
  });

  it('accepts the grid order as a comma-separated list', async () => {
    const res = await post('/set_company_grid_order', a.superAdmin.auth, { company_id: a.companyId }, form({ grid_order: 'rooms, tasks' }));
    expect(res.json().grid_order).toEqual(['rooms', 'tasks']);
  });

  it.each([
    ['an unknown tile', '["rooms","nope"]'],
    ['a tile twice', '["rooms","rooms"]'],
    ['no tile', '[]'],
  ])('refuses a grid order with %s', async (_what, value) => {
    const res = await post('/set_company_grid_order', a.admin.auth, { company_id: a.companyId }, form({ grid_order: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', error: 'bad_request' });
    expect(res.json().field).toMatch(/^grid_order/);
  });

  it("says 'grid_order is required.' without one", async () => {
    const res = await post('/set_company_grid_order', a.admin.auth, { company_id: a.companyId }, form({ other: 'x' }));
    expect(res.json()).toMatchObject({ message: 'grid_order is required.', field: 'grid_order' });
  });

  it('sets the grid opacity from the query and refuses values outside 0.1–1', async () => {
    const ok = await post('/set_grid_opacity', a.admin.auth, { company_id: a.companyId, grid_opacity: 0.4 });
    expect(ok.json()).toEqual({ status: 'success', message: msg.saved, grid_opacity: 0.4 });
    expect((await get('/get_grid_opacity', a.regular.auth, { company_id: a.companyId })).json().grid_opacity).toBe(0.4);
    for (const bad of ['0', '1.5', 'dark']) {
      const res = await post('/set_grid_opacity', a.admin.auth, { company_id: a.companyId, grid_opacity: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('grid_opacity must be a number between 0.1 and 1.');
    }
    const missing = await post('/set_grid_opacity', a.admin.auth, { company_id: a.companyId });
    expect(missing.json().message).toBe('grid_opacity is required.');
  });

  it('sets offline mode and auto refresh from the query or a JSON body, 0 or 1 only', async () => {
    expect((await post('/set_company_offline_mode', a.admin.auth, { company_id: a.companyId, offline_mode: 1 })).json().offline_mode).toBe(1);
    expect((await get('/get_company_offline_mode', a.regular.auth, { company_id: a.companyId })).json().offline_mode).toBe(1);
    const json = await post('/set_company_auto_refresh', a.admin.auth, { company_id: a.companyId }, { auto_refresh: 1 });
    expect(json.json()).toEqual({ status: 'success', message: msg.saved, auto_refresh: 1 });
    expect((await get('/get_company_auto_refresh_mode', a.regular.auth, { company_id: a.companyId })).json().auto_refresh_mode).toBe(1);
    const bad = await post('/set_company_auto_refresh', a.admin.auth, { company_id: a.companyId, auto_refresh: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'auto_refresh must be 0 or 1.', field: 'auto_refresh' });
  });

  it('sets the AI model to a known one only', async () => {
    const model = AI_MODELS[1];
    expect((await post('/set_company_ai_model', a.admin.auth, { company_id: a.companyId, ai_model: model })).json().ai_model).toBe(model);
    expect((await get('/get_company_ai_model', a.regular.auth, { company_id: a.companyId })).json().ai_model).toBe(model);
    const bad = await post('/set_company_ai_model', a.admin.auth, { company_id: a.companyId, ai_model: 'gpt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`ai_model must be one of ${AI_MODELS.join(', ')}.`);
  });

  it("sets the language, with the spec's messages when something is missing", async () => {
    expect((await post('/set_company_language', a.admin.auth, { company_id: a.companyId, language: 'nl' })).json().language).toBe('nl');
    expect((await get('/get_company_language', a.regular.auth, { company_id: a.companyId })).json().language).toBe('nl');
    expect((await post('/set_company_language', a.admin.auth, { company_id: a.companyId })).json().message).toBe(msg.languageMissing);
    expect((await post('/set_company_language', a.admin.auth, { language: 'fr' })).json().message).toBe(msg.languageMissingCompany);
    expect((await post('/set_company_language', a.admin.auth, { company_id: a.companyId, language: 'xx' })).statusCode).toBe(400);
  });

  it('writes nothing and audits nothing when a value is unchanged', async () => {
    await post('/set_company_language', a.admin.auth, { company_id: a.companyId, language: 'es' });
    const before = (await auditEvents(a.companyId)).length;
    const res = await post('/set_company_language', a.admin.auth, { company_id: a.companyId, language: 'es' });
    expect(res.json().language).toBe('es');
    expect((await auditEvents(a.companyId)).length).toBe(before);
  });
});

describe('sticky-trap render', () => {
  it('changes the value from a JSON body or the query', async () => {
    const res = await post('/update_stickytrap_render', a.admin.auth, {}, { company_id: a.companyId, value: 3 });
    expect(res.json()).toEqual({ status: 'success', message: msg.saved, value: 3 });
    expect((await post('/update_stickytrap_render', a.admin.auth, { company_id: a.companyId, value: 4 })).json().value).toBe(4);
    expect((await get('/get_stickytrap_render', a.regular.auth, { company_id: a.companyId })).json().value).toBe(4);
  });

  it.each([['the current value', '4'], ['a non-numeric value', 'many']])('answers the spec message for %s', async (_w, value) => {
    const res = await post('/update_stickytrap_render', a.admin.auth, {}, { company_id: a.companyId, value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message: msg.stickytrapInvalid, field: 'value' });
  });
});

describe('access', () => {
  const all = Object.values(companySettingsEndpoints);
  const input = { company_id: 0, grid_order: '["rooms"]', grid_opacity: '0.5', offline_mode: '1', ai_model: AI_MODELS[2], auto_refresh: '1', language: 'fr', value: '9', mode: 'above' };
  const call = (e: (typeof all)[number], headers: Record<string, string>, companyId: number) =>
    t.app.inject({
      method: e.method,
      url: `/api${e.path}`,
      headers,
      query: { ...input, company_id: String(companyId) },
      ...('body' in e ? { payload: form({ grid_order: input.grid_order }) } : {}),
    });

  it('answers 401 without a token', async () => {
    for (const e of all) expect((await call(e, {}, a.companyId)).statusCode, e.path).toBe(401);
  });

  it("answers 403 for another company's settings and leaves them alone", async () => {
    const before = await t.app.db.selectFrom('company_settings').selectAll().where('company_id', '=', a.companyId).executeTakeFirstOrThrow();
    for (const e of all) {
      const res = await call(e, b.superAdmin.auth, a.companyId);
      expect(res.statusCode, e.path).toBe(403);
    }
    const after = await t.app.db.selectFrom('company_settings').selectAll().where('company_id', '=', a.companyId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('answers 403 to a Regular user on every write', async () => {
    const writes = all.filter((e) => e.method !== 'GET');
    expect(writes.length).toBe(8);
    for (const e of writes) expect((await call(e, a.regular.auth, a.companyId)).statusCode, e.path).toBe(403);
  });
});
