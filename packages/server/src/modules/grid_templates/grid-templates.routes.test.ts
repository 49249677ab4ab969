import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTemplatesMessages as msg, SUB_GRIDBOX_MAX_ALLOWED, tooManySubGridboxes } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let fa: FacilityFixture;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  fa = await makeFacility(t.app, a.companyId, { nx: 3, ny: 1 });
});
afterAll(() => t.close());

const q = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
const create = (headers: Record<string, string>, query: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/create_grid_templates', headers, query: q(query) });
const list = (headers: Record<string, string>, query: Record<string, unknown>) =>
  t.app.inject({ method: 'GET', url: '/api/get_grid_templates', headers, query: q(query) });
const submit = (headers: Record<string, string>, query: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/submit_grid_template', headers, query: q(query) });

const valid = () => ({
  template_name: 'Bench 4×6',
  template_type: 'SubGrid',
  rows: 4,
  columns: 6,
  description: 'Standard propagation tray',
  company_id: a.companyId,
  user_id: a.admin.user_id,
});

let subGridTemplateId: number;
let gridTemplateId: number;

describe('POST /create_grid_templates', () => {
  it('saves a SubGrid and a Grid template (Admin) with an audit event', async () => {
    let res = await create(a.admin.auth, valid());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      template: { template_name: 'Bench 4×6', template_type: 'SubGrid', rows: 4, columns: 6, company_id: a.companyId, created_by: a.admin.user_id },
    });
    subGridTemplateId = res.json().template.template_id;
    res = await create(a.superAdmin.auth, { ...valid(), template_name: 'Table 3×5', template_type: 'Grid', rows: 3, columns: 5, description: '', user_id: a.superAdmin.user_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template.description).toBeNull();
    gridTemplateId = res.json().template.template_id;
    const event = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'grid_template.create').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event.entity_id).toBe(String(gridTemplateId));
  });

  it.each([
    ['template_name', msg.nameRequired],
    ['template_type', msg.typeRequired],
    ['rows', msg.rowsRequired],
    ['columns', msg.columnsRequired],
    ['company_id', msg.companyRequired],
    ['user_id', msg.userRequired],
  ])("missing %s answers the spec's '%s'", async (field, message) => {
    const { [field as keyof ReturnType<typeof valid>]: _gone, ...rest } = valid();
    const res = await create(a.admin.auth, rest);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message, field });
    const blank = await create(a.admin.auth, { ...valid(), [field]: field === 'template_name' ? '   ' : '' });
    expect(blank.json().message).toBe(message);
  });

  it('checks type, sizes and duplicates', async () => {
    let res = await create(a.admin.auth, { ...valid(), template_type: 'Tray' });
    expect(res.json()).toMatchObject({ field: 'template_type', message: 'template_type must be Grid or SubGrid.' });
    res = await create(a.admin.auth, { ...valid(), rows: 0 });
    expect(res.json().field).toBe('rows');
    res = await create(a.admin.auth, { ...valid(), template_name: 'Big', rows: 11, columns: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(String(SUB_GRIDBOX_MAX_ALLOWED));
    res = await create(a.admin.auth, { ...valid(), template_name: 'bench 4×6' });
    expect(res.statusCode).toBe(409);
  });

  it('is for Admins of their own company', async () => {
    expect((await create(a.regular.auth, { ...valid(), user_id: a.regular.user_id })).statusCode).toBe(403);
    expect((await create(b.admin.auth, { ...valid(), user_id: b.admin.user_id })).statusCode).toBe(403);
    expect((await create(a.admin.auth, { ...valid(), template_name: 'Other user', user_id: b.admin.user_id })).statusCode).toBe(404);
  });
});

describe('GET /get_grid_templates', () => {
  it('lists SubGrid templates by default, Grid ones on request, for every role', async () => {
    let res = await list(a.regular.auth, { company_id: a.companyId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().templates.map((x: { template_id: number }) => x.template_id)).toEqual([subGridTemplateId]);
    res = await list(a.regular.auth, { company_id: a.companyId, type: 'Grid' });
    expect(res.json().templates.map((x: { template_id: number }) => x.template_id)).toEqual([gridTemplateId]);
    expect((await list(a.regular.auth, { company_id: a.companyId, type: 'Other' })).statusCode).toBe(400);
  });

  it("refuses another company's list", async () => {
    expect((await list(b.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await list(b.admin.auth, { company_id: b.companyId })).json().templates).toEqual([]);
  });
});

describe('POST /submit_grid_template', () => {
  it('makes sub-boxes from a SubGrid template, with plants by default', async () => {
    const res = await submit(a.regular.auth, { template_id: subGridTemplateId, company_id: a.companyId, parent_gridbox_id: fa.box(1, 1), user_id: a.regular.user_id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', template_type: 'SubGrid', grid: null, created_count: 24 });
    expect(body.sub_gridboxes.at(-1)).toMatchObject({ SubX: 6, SubY: 4 });
    expect(body.sub_gridboxes.every((s: { plant_uid: string | null }) => s.plant_uid)).toBe(true);
  });

  it('follows the sub-box rules: positions taken → 409, max_allowed → 400', async () => {
    let res = await submit(a.admin.auth, { template_id: subGridTemplateId, company_id: a.companyId, parent_gridbox_id: fa.box(1, 1) });
    expect(res.statusCode).toBe(409);
    const parent = fa.box(2, 1);
    await t.app.inject({
      method: 'POST',
      url: `/api/create_sub_gridboxes?parent_gridbox_id=${parent}&user_id=${a.admin.user_id}&nx=10&ny=8&auto_initialize_plants=false`,
      headers: a.admin.auth,
    });
    res = await submit(a.admin.auth, { template_id: subGridTemplateId, company_id: a.companyId, parent_gridbox_id: parent, auto_initialize_plants: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(tooManySubGridboxes(SUB_GRIDBOX_MAX_ALLOWED, 80));
  });

  it('makes a grid of rows × columns boxes in the room from a Grid template', async () => {
    const res = await submit(a.regular.auth, { template_id: gridTemplateId, company_id: a.companyId, room_id: fa.roomId, grid_name: 'North table' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ template_type: 'Grid', sub_gridboxes: null, created_count: 15, grid: { Name: 'North table', RoomID: fa.roomId, nx: 5, ny: 3, box_count: 15 } });
    const boxes = await t.app.db.selectFrom('grid_boxes').select(['x', 'y']).where('grid_id', '=', body.grid.id).orderBy('y').orderBy('x').execute();
    expect(boxes).toHaveLength(15);
    expect(boxes.at(-1)).toEqual({ x: 5, y: 3 });
    const link = await t.app.db.selectFrom('room_grid').selectAll().where('grid_id', '=', body.grid.id).executeTakeFirstOrThrow();
    expect(link.room_id).toBe(fa.roomId);
    const unnamed = await submit(a.regular.auth, { template_id: gridTemplateId, company_id: a.companyId, room_id: fa.roomId });
    expect(unnamed.json().grid.Name).toBe('Table 3×5');
  });

  it('names the missing target', async () => {
    let res = await submit(a.admin.auth, { template_id: gridTemplateId, company_id: a.companyId });
    expect(res.json()).toMatchObject({ message: msg.roomRequired, field: 'room_id' });
    res = await submit(a.admin.auth, { template_id: subGridTemplateId, company_id: a.companyId, room_id: fa.roomId });
    expect(res.json()).toMatchObject({ message: msg.gridboxRequired, field: 'parent_gridbox_id' });
    res = await submit(a.admin.auth, { company_id: a.companyId, room_id: fa.roomId });
    expect(res.json().field).toBe('template_id');
  });

  it("answers 404 for another company's template, room or grid box", async () => {
    const fb = await makeFacility(t.app, b.companyId);
    const own = await create(b.admin.auth, { ...valid(), company_id: b.companyId, user_id: b.admin.user_id });
    const bTemplate = own.json().template.template_id;
    expect((await submit(b.admin.auth, { template_id: subGridTemplateId, company_id: b.companyId, parent_gridbox_id: fb.box(1, 1) })).statusCode).toBe(404);
    expect((await submit(b.admin.auth, { template_id: bTemplate, company_id: b.companyId, parent_gridbox_id: fa.box(3, 1) })).statusCode).toBe(404);
    expect((await submit(b.admin.auth, { template_id: subGridTemplateId, company_id: a.companyId, parent_gridbox_id: fa.box(3, 1) })).statusCode).toBe(403);
    const grid = await create(b.admin.auth, { ...valid(), template_type: 'Grid', company_id: b.companyId, user_id: b.admin.user_id });
    expect((await submit(b.admin.auth, { template_id: grid.json().template.template_id, company_id: b.companyId, room_id: fa.roomId })).statusCode).toBe(404);
    const subs = await t.app.db.selectFrom('sub_gridboxes').select('sub_gridbox_id').where('parent_gridbox_id', '=', fa.box(3, 1)).execute();
    expect(subs).toEqual([]);
  });
});

describe('DELETE /delete_grid_templates', () => {
  it('deletes for Admins only, in their own company; made grids stay', async () => {
    const del = (headers: Record<string, string>, id: number, companyId: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/delete_grid_templates?template_id=${id}&company_id=${companyId}`, headers });
    expect((await del(a.regular.auth, gridTemplateId, a.companyId)).statusCode).toBe(403);
    expect((await del(b.admin.auth, gridTemplateId, a.companyId)).statusCode).toBe(403);
    expect((await del(b.admin.auth, gridTemplateId, b.companyId)).statusCode).toBe(404);
    const res = await del(a.admin.auth, gridTemplateId, a.companyId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', template_id: gridTemplateId });
    expect((await del(a.admin.auth, gridTemplateId, a.companyId)).statusCode).toBe(404);
    expect((await list(a.admin.auth, { company_id: a.companyId, type: 'Grid' })).json().templates).toEqual([]);
    const grids = await t.app.db.selectFrom('grids').select('grid_id').where('name', '=', 'North table').execute();
    expect(grids).toHaveLength(1);
    const event = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'grid_template.delete').executeTakeFirstOrThrow();
    expect(event.entity_id).toBe(String(gridTemplateId));
  });
});
