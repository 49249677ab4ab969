import { describe, expect, it } from 'vitest';
import { sprayProductsMessages as msg } from '@verdant/contract';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = { authorization: string };
const multipart = (fields: Record<string, string | number>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  return form;
};
const add = (auth: Auth, companyId: number, fields: Record<string, string | number>, key?: string) =>
  t.app.inject({
    method: 'POST', url: '/api/add_spray_product', query: { company_id: String(companyId) },
    headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) }, payload: multipart(fields),
  });
const update = (auth: Auth, productId: number | string, fields: Record<string, string | number>) =>
  t.app.inject({ method: 'POST', url: '/api/update_spray_product', query: { product_id: String(productId) }, headers: auth, payload: multipart(fields) });
const remove = (auth: Auth, payload: Record<string, unknown>) => t.app.inject({ method: 'DELETE', url: '/api/delete_product', headers: auth, payload });
const get = (path: string, auth: Auth, companyId: number) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth, query: { company_id: String(companyId) } });
const audits = (action: string, entityId: number) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).where('entity_id', '=', String(entityId)).execute();

describe('spray products', () => {
  it('adds (multipart, trimmed), lists names and details, updates only what was sent, deletes; each write audited', async () => {
    const made = await add(a.admin.auth, a.companyId, { name: '  Spruzit ', details: 'Pyrethrins 4.59 g/l', reentry_interval_hours: 12, preharvest_interval_days: 3 });
    expect(made.statusCode, made.body).toBe(200);
    const product = made.json().product;
    expect(made.json()).toMatchObject({ status: 'success', message: msg.added });
    expect(product).toMatchObject({ name: 'Spruzit', details: 'Pyrethrins 4.59 g/l', reentry_interval_hours: 12, preharvest_interval_days: 3, company_id: a.companyId });
    expect(await audits('spray_product.create', product.product_id)).toHaveLength(1);
    await add(a.admin.auth, a.companyId, { name: 'Aphidius colemani', details: '' });

    const names = await get('/get_product_names', a.regular.auth, a.companyId);
    expect(names.json()).toEqual({ status: 'success', productNames: ['Aphidius colemani', 'Spruzit'] });
    const details = (await get('/get_product_details', a.regular.auth, a.companyId)).json();
    expect(details.products).toHaveLength(2);
    expect(details.products[0]).toMatchObject({ name: 'Aphidius colemani', details: null, reentry_interval_hours: null, preharvest_interval_days: null });

    const changed = await update(a.admin.auth, product.product_id, { preharvest_interval_days: 7, reentry_interval_hours: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ message: msg.updated, product: { name: 'Spruzit', details: 'Pyrethrins 4.59 g/l', preharvest_interval_days: 7, reentry_interval_hours: null } });
    const [audit] = await audits('spray_product.update', product.product_id);
    expect(audit).toMatchObject({ before: { preharvest_interval_days: 3, reentry_interval_hours: 12 }, after: { preharvest_interval_days: 7, reentry_interval_hours: null } });

    const deleted = await remove(a.admin.auth, { product_id: product.product_id, company_id: a.companyId });
    expect(deleted.json()).toEqual({ status: 'success', message: msg.deleted, product_id: product.product_id });
    expect(await audits('spray_product.delete', product.product_id)).toHaveLength(1);
    expect((await get('/get_product_names', a.admin.auth, a.companyId)).json().productNames).toEqual(['Aphidius colemani']);
    expect((await remove(a.admin.auth, { product_id: product.product_id, company_id: a.companyId })).statusCode).toBe(404);
    expect((await update(a.admin.auth, product.product_id, { name: 'Back' })).statusCode).toBe(404);
    // The name of a deleted product is free again.
    expect((await add(a.admin.auth, a.companyId, { name: 'spruzit' })).statusCode).toBe(200);
  });

  it('refuses a second product of the same name, whatever its case, naming the field', async () => {
    expect((await add(a.admin.auth, a.companyId, { name: 'Mycotal' })).statusCode).toBe(200);
    const again = await add(a.admin.auth, a.companyId, { name: ' MYCOTAL ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'error', message: msg.nameTaken, field: 'name' });
    const other = (await add(a.admin.auth, a.companyId, { name: 'Vertalec' })).json().product;
    const rename = await update(a.admin.auth, other.product_id, { name: 'mycotal' });
    expect(rename.statusCode).toBe(409);
    // The same name in another company is another product.
    expect((await add(b.admin.auth, b.companyId, { name: 'Mycotal' })).statusCode).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ details: 'x' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'P', reentry_interval_hours: -1 }, 'reentry_interval_hours'],
      [{ name: 'P', reentry_interval_hours: 8761 }, 'reentry_interval_hours'],
      [{ name: 'P', reentry_interval_hours: 1.5 }, 'reentry_interval_hours'],
      [{ name: 'P', preharvest_interval_days: 'soon' }, 'preharvest_interval_days'],
      [{ name: 'P', preharvest_interval_days: 366 }, 'preharvest_interval_days'],
      [{ name: 'bad\u0000name' }, 'name'],
    ];
    for (const [fields, field] of cases) {
      const res = await add(a.admin.auth, a.companyId, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().field, JSON.stringify(fields)).toBe(field);
    }
    const bigId = await update(a.admin.auth, '2147483648', { name: 'X' });
    expect(bigId.statusCode).toBe(400);
    expect(bigId.json().field).toBe('product_id');
    const noCompany = await t.app.inject({ method: 'POST', url: '/api/add_spray_product', headers: a.admin.auth, payload: multipart({ name: 'P' }) });
    expect(noCompany.json()).toMatchObject({ message: 'company_id is required.', field: 'company_id' });
  });

  it("keeps companies apart: another company's id is 403, its product 404 and never listed", async () => {
    const theirs = (await add(b.admin.auth, b.companyId, { name: 'Their secret product' })).json().product;
    expect((await add(a.admin.auth, b.companyId, { name: 'Intruder' })).statusCode).toBe(403);
    expect((await get('/get_product_names', a.admin.auth, b.companyId)).statusCode).toBe(403);
    expect((await get('/get_product_details', a.admin.auth, b.companyId)).statusCode).toBe(403);
    expect((await update(a.admin.auth, theirs.product_id, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await remove(a.admin.auth, { product_id: theirs.product_id, company_id: a.companyId })).statusCode).toBe(404);
    expect((await remove(a.admin.auth, { product_id: theirs.product_id, company_id: b.companyId })).statusCode).toBe(403);
    expect((await get('/get_product_details', a.admin.auth, a.companyId)).body).not.toContain('Their secret product');
    expect((await get('/get_product_names', b.admin.auth, b.companyId)).json().productNames).toContain('Their secret product');
  });

  it('lets only admins change the list; every role reads it; no token is 401', async () => {
    expect((await add(a.regular.auth, a.companyId, { name: 'By a regular' })).statusCode).toBe(403);
    const made = (await add(a.superAdmin.auth, a.companyId, { name: 'By a super admin' })).json().product;
    expect((await update(a.regular.auth, made.product_id, { details: 'x' })).statusCode).toBe(403);
    expect((await remove(a.regular.auth, { product_id: made.product_id, company_id: a.companyId })).statusCode).toBe(403);
    expect((await get('/get_product_names', a.regular.auth, a.companyId)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/add_spray_product', query: { company_id: String(a.companyId) }, payload: multipart({ name: 'Anon' }) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('adds once for a repeated Idempotency-Key, and once for two identical adds at the same time', async () => {
    const [first, second] = await Promise.all([
      add(a.admin.auth, a.companyId, { name: 'Botanigard' }, 'add-botanigard'),
      add(a.admin.auth, a.companyId, { name: 'Botanigard' }, 'add-botanigard'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toContain(200);
    const retry = await add(a.admin.auth, a.companyId, { name: 'Botanigard' }, 'add-botanigard');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().product.product_id).toBe(first.statusCode === 200 ? first.json().product.product_id : second.json().product.product_id);
    const rows = await t.app.db.selectFrom('spray_products').select('product_id').where('company_id', '=', a.companyId).where('name', '=', 'Botanigard').execute();
    expect(rows).toHaveLength(1);
    // Two different keys racing for one name: one product, the other told the name is taken.
    const race = await Promise.all([
      add(a.admin.auth, a.companyId, { name: 'Naturalis' }, 'race-1'),
      add(a.admin.auth, a.companyId, { name: 'Naturalis' }, 'race-2'),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
