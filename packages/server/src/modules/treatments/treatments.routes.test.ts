import { beforeAll, describe, expect, it } from 'vitest';
import { treatmentsMessages as msg } from '@verdant/contract';
import { makeFacility } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = { authorization: string };
const addProduct = async (auth: Auth, companyId: number, fields: Record<string, string | number>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/add_spray_product', query: { company_id: String(companyId) }, headers: auth, payload: fields });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().product as { product_id: number; name: string };
};
const call = (method: 'POST' | 'PUT' | 'PATCH', path: string, auth: Auth, payload: Record<string, unknown>, query: Record<string, string | number> = {}) =>
  t.app.inject({ method, url: `/api${path}`, headers: auth, payload, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const get = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const audits = (action: string, entityId: number) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).where('entity_id', '=', String(entityId)).execute();

describe('treatments', () => {
  it('creates with the default type biological, lists, updates, toggles deleted and back; each write audited', async () => {
    const product = await addProduct(a.admin.auth, a.companyId, { name: 'Amblyseius swirskii' });
    const made = await call('POST', '/create_treatment', a.admin.auth, { data: { product_id: product.product_id, sub_type: ' predatory mite ' } });
    expect(made.statusCode, made.body).toBe(200);
    const treatment = made.json().treatment;
    expect(made.json().message).toBe(msg.created);
    expect(treatment).toMatchObject({ treatment_type: 'biological', sub_type: 'predatory mite', notes: null, product_id: product.product_id, product_name: 'Amblyseius swirskii', is_deleted: false });
    expect(await audits('treatment.create', treatment.treatment_id)).toHaveLength(1);
    // data may come as JSON text (multipart and query clients).
    const chemical = await call('POST', '/create_treatment', a.admin.auth, { treatment_type: 'Chemical', data: JSON.stringify({ product_id: product.product_id }), company_id: a.companyId });
    expect(chemical.json().treatment).toMatchObject({ treatment_type: 'chemical' });

    const bio = await get('/get_treatment', a.regular.auth, { treatment_type: 'biological', company_id: a.companyId });
    expect(bio.json()).toEqual({ status: 'success', treatments: [treatment] });
    const ofProduct = await get('/get_treatment', a.regular.auth, { treatment_type: 'chemical', company_id: a.companyId, product_id: product.product_id });
    expect(ofProduct.json().treatments).toHaveLength(1);

    const changed = await call('PUT', '/update_treatment', a.admin.auth, { treatment_type: 'biological', data: { notes: 'Release 50/m²' } }, { company_id: a.companyId, product_id: product.product_id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ message: msg.updated, treatment: { sub_type: 'predatory mite', notes: 'Release 50/m²' } });
    expect(await audits('treatment.update', treatment.treatment_id)).toHaveLength(1);

    const toggle = () => call('PATCH', '/delete_treatment', a.admin.auth, { treatment_type: 'biological', company_id: a.companyId, product_id: product.product_id });
    const off = await toggle();
    expect(off.json()).toMatchObject({ message: msg.deleted, treatment: { is_deleted: true } });
    expect((await get('/get_treatment', a.regular.auth, { treatment_type: 'biological', company_id: a.companyId })).json().treatments).toEqual([]);
    const all = (await get('/get_all_treatment', a.regular.auth, { company_id: a.companyId })).json().treatments;
    expect(all.map((x: { treatment_type: string; is_deleted: boolean }) => [x.treatment_type, x.is_deleted])).toEqual([['biological', true], ['chemical', false]]);
    const on = await toggle();
    expect(on.json()).toMatchObject({ message: msg.restored, treatment: { is_deleted: false } });
    expect(await audits('treatment.delete', treatment.treatment_id)).toHaveLength(1);
    expect(await audits('treatment.restore', treatment.treatment_id)).toHaveLength(1);
  });

  it('refuses a second treatment of a product and type (409), a missing treatment (404), and switches treatments off with their product', async () => {
    const product = await addProduct(a.admin.auth, a.companyId, { name: 'Encarsia formosa' });
    expect((await call('POST', '/create_treatment', a.admin.auth, { treatment_type: 'biological', data: { product_id: product.product_id } })).statusCode).toBe(200);
    const twice = await call('POST', '/create_treatment', a.admin.auth, { treatment_type: 'biological', data: { product_id: product.product_id } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(msg.exists);
    const missing = await call('PUT', '/update_treatment', a.admin.auth, { treatment_type: 'mechanical', data: { notes: 'x' } }, { company_id: a.companyId, product_id: product.product_id });
    expect(missing.statusCode).toBe(404);
    expect((await call('PATCH', '/delete_treatment', a.admin.auth, { treatment_type: 'cultural', company_id: a.companyId, product_id: product.product_id })).statusCode).toBe(404);

    await t.app.inject({ method: 'DELETE', url: '/api/delete_product', headers: a.admin.auth, payload: { product_id: product.product_id, company_id: a.companyId } });
    const all = (await get('/get_all_treatment', a.admin.auth, { company_id: a.companyId })).json().treatments;
    expect(all.find((x: { product_id: number }) => x.product_id === product.product_id)).toMatchObject({ is_deleted: true, product_name: 'Encarsia formosa' });
    // Restoring needs the product on the list; a new treatment of a deleted product is refused.
    const restore = await call('PATCH', '/delete_treatment', a.admin.auth, { treatment_type: 'biological', company_id: a.companyId, product_id: product.product_id });
    expect(restore.statusCode).toBe(404);
    expect((await call('POST', '/create_treatment', a.admin.auth, { treatment_type: 'chemical', data: { product_id: product.product_id } })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const product = await addProduct(a.admin.auth, a.companyId, { name: 'Bad input product' });
    const cases: [Record<string, unknown>, string][] = [
      [{ treatment_type: 'biological' }, 'data'],
      [{ data: 'not json' }, 'data'],
      [{ data: { sub_type: 'x' } }, 'data.product_id'],
      [{ data: { product_id: 2147483648 } }, 'data.product_id'],
      [{ treatment_type: 'magic', data: { product_id: product.product_id } }, 'treatment_type'],
      [{ data: { product_id: product.product_id, notes: 'x'.repeat(4001) } }, 'data.notes'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/create_treatment', a.admin.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    const noProduct = await call('PATCH', '/delete_treatment', a.admin.auth, { treatment_type: 'biological', company_id: a.companyId });
    expect(noProduct.json()).toMatchObject({ message: 'product_id is required.', field: 'product_id' });
    const noCompany = await get('/get_all_treatment', a.admin.auth, {});
    expect(noCompany.json()).toMatchObject({ field: 'company_id' });
  });

  it("keeps companies apart: another company's id is 403 and its product or treatment 404", async () => {
    const theirs = await addProduct(b.admin.auth, b.companyId, { name: 'Their product' });
    await call('POST', '/create_treatment', b.admin.auth, { data: { product_id: theirs.product_id, notes: 'Their secret notes' } });
    expect((await call('POST', '/create_treatment', a.admin.auth, { data: { product_id: theirs.product_id } })).statusCode).toBe(404);
    expect((await call('POST', '/create_treatment', a.admin.auth, { company_id: b.companyId, data: { product_id: theirs.product_id } })).statusCode).toBe(403);
    expect((await get('/get_treatment', a.admin.auth, { treatment_type: 'biological', company_id: b.companyId })).statusCode).toBe(403);
    expect((await get('/get_all_treatment', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);
    expect((await get('/get_treatment', a.admin.auth, { treatment_type: 'biological', company_id: a.companyId, product_id: theirs.product_id })).statusCode).toBe(404);
    expect((await call('PUT', '/update_treatment', a.admin.auth, { treatment_type: 'biological', data: { notes: 'x' } }, { company_id: a.companyId, product_id: theirs.product_id })).statusCode).toBe(404);
    expect((await call('PATCH', '/delete_treatment', a.admin.auth, { treatment_type: 'biological', company_id: a.companyId, product_id: theirs.product_id })).statusCode).toBe(404);
    expect((await get('/get_all_treatment', a.admin.auth, { company_id: a.companyId })).body).not.toContain('Their secret notes');
  });

  it('lets only admins change treatments; every role reads them', async () => {
    const product = await addProduct(a.admin.auth, a.companyId, { name: 'Role product' });
    expect((await call('POST', '/create_treatment', a.regular.auth, { data: { product_id: product.product_id } })).statusCode).toBe(403);
    expect((await call('POST', '/create_treatment', a.superAdmin.auth, { data: { product_id: product.product_id } })).statusCode).toBe(200);
    expect((await call('PUT', '/update_treatment', a.regular.auth, { treatment_type: 'biological', data: {} }, { company_id: a.companyId, product_id: product.product_id })).statusCode).toBe(403);
    expect((await call('PATCH', '/delete_treatment', a.regular.auth, { treatment_type: 'biological', company_id: a.companyId, product_id: product.product_id })).statusCode).toBe(403);
    expect((await get('/get_all_treatment', a.regular.auth, { company_id: a.companyId })).statusCode).toBe(200);
  });
});

describe('applying a product to grid boxes', () => {
  let boxes: number[];
  let theirBox: number;
  beforeAll(async () => {
    const place = await makeFacility(t.app, a.companyId, { roomName: 'Spray room', nx: 3, ny: 1 });
    boxes = [place.box(1, 1), place.box(2, 1), place.box(3, 1)];
    theirBox = (await makeFacility(t.app, b.companyId, { nx: 1, ny: 1 })).box(1, 1);
    await addProduct(a.admin.auth, a.companyId, { name: 'Conserve', reentry_interval_hours: 12, preharvest_interval_days: 3 });
    await addProduct(a.admin.auth, a.companyId, { name: 'Water' });
  });
  const link = (auth: Auth, fields: Record<string, string | number>, key?: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    return t.app.inject({ method: 'POST', url: '/api/link_treatment_products_gridboxes', headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) }, payload: form });
  };

  it('records the application (multipart, Grid_boxIDs as a JSON list) with its re-entry and pre-harvest ends; audited', async () => {
    const res = await link(a.regular.auth, { ApplicationDate: '2026-05-01T14:30:00+02:00', ProductName: 'conserve', QuantityUsed: '2.5', Grid_boxIDs: JSON.stringify([boxes[0], boxes[1], boxes[0]]) });
    expect(res.statusCode, res.body).toBe(200);
    const application = res.json().application;
    expect(res.json().message).toBe(msg.linked);
    expect(application).toMatchObject({
      ApplicationDate: '2026-05-01T12:30:00.000Z', ProductName: 'Conserve', QuantityUsed: 2.5, Grid_boxIDs: [boxes[0], boxes[1]].sort((x, y) => x! - y!),
      applied_by: a.regular.user_id, reentry_until: '2026-05-02T00:30:00.000Z', preharvest_until: '2026-05-04',
    });
    expect(await audits('treatment.apply', application.application_id)).toHaveLength(1);

    // A date alone counts from the end of that day; a product without intervals has none.
    const dayOnly = await link(a.regular.auth, { ApplicationDate: '2026-02-28', ProductName: 'Conserve', QuantityUsed: 1, Grid_boxIDs: `[${boxes[2]}]` });
    expect(dayOnly.json().application).toMatchObject({ ApplicationDate: '2026-02-28', reentry_until: '2026-03-01T12:00:00.000Z', preharvest_until: '2026-03-03' });
    const none = await link(a.admin.auth, { ApplicationDate: '2026-03-01', ProductName: 'Water', QuantityUsed: 10, Grid_boxIDs: `[${boxes[2]}]` });
    expect(none.json().application).toMatchObject({ reentry_until: null, preharvest_until: null });
  });

  it('refuses an unknown product and boxes of another company, naming the field, and writes nothing', async () => {
    const before = await t.app.db.selectFrom('treatment_applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const unknown = await link(a.regular.auth, { ApplicationDate: '2026-05-01', ProductName: 'Nope', QuantityUsed: 1, Grid_boxIDs: `[${boxes[0]}]` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: msg.unknownProduct, field: 'ProductName' });
    const theirProduct = await addProduct(b.admin.auth, b.companyId, { name: 'Only theirs' });
    expect((await link(a.regular.auth, { ApplicationDate: '2026-05-01', ProductName: theirProduct.name, QuantityUsed: 1, Grid_boxIDs: `[${boxes[0]}]` })).statusCode).toBe(404);
    const foreign = await link(a.regular.auth, { ApplicationDate: '2026-05-01', ProductName: 'Conserve', QuantityUsed: 1, Grid_boxIDs: JSON.stringify([boxes[0], theirBox]) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: msg.foreignBoxes, field: 'Grid_boxIDs' });
    const after = await t.app.db.selectFrom('treatment_applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses bad input with 400 naming the field', async () => {
    const good = { ApplicationDate: '2026-05-01', ProductName: 'Conserve', QuantityUsed: 1, Grid_boxIDs: `[${boxes[0]}]` };
    const cases: [Record<string, string | number>, string][] = [
      [{ ...good, ApplicationDate: '2026-02-30' }, 'ApplicationDate'],
      [{ ...good, ApplicationDate: 'yesterday' }, 'ApplicationDate'],
      [{ ...good, QuantityUsed: 0 }, 'QuantityUsed'],
      [{ ...good, QuantityUsed: 'lots' }, 'QuantityUsed'],
      [{ ...good, Grid_boxIDs: '[]' }, 'Grid_boxIDs'],
      [{ ...good, Grid_boxIDs: '[2147483648]' }, 'Grid_boxIDs.0'],
      [{ ...good, Grid_boxIDs: '["a"]' }, 'Grid_boxIDs.0'],
      [{ ...good, ProductName: '' }, 'ProductName'],
    ];
    for (const [fields, field] of cases) {
      const res = await link(a.regular.auth, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().field, JSON.stringify(fields)).toBe(field);
    }
    const { Grid_boxIDs: _omit, ...noBoxes } = good;
    expect((await link(a.regular.auth, noBoxes)).json()).toMatchObject({ message: 'Grid_boxIDs is required.', field: 'Grid_boxIDs' });
    expect((await t.app.inject({ method: 'POST', url: '/api/link_treatment_products_gridboxes', payload: good })).statusCode).toBe(401);
  });

  it('records two applications made at the same time, each once, and a retried one once', async () => {
    const count = async () =>
      Number((await t.app.db.selectFrom('treatment_applications').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', a.companyId).executeTakeFirstOrThrow()).n);
    const start = await count();
    const fields = { ApplicationDate: '2026-06-01', ProductName: 'Conserve', QuantityUsed: 3, Grid_boxIDs: JSON.stringify(boxes) };
    const [one, two] = await Promise.all([link(a.regular.auth, fields, 'apply-1'), link(a.admin.auth, fields, 'apply-2')]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().application.application_id).not.toBe(two.json().application.application_id);
    const retried = await link(a.regular.auth, fields, 'apply-1');
    expect(retried.json().application.application_id).toBe(one.json().application.application_id);
    expect(await count()).toBe(start + 2);
    const boxRows = await t.app.db.selectFrom('treatment_application_boxes').select('grid_box_id')
      .where('application_id', 'in', [one.json().application.application_id, two.json().application.application_id]).execute();
    expect(boxRows).toHaveLength(6);
  });
});
