import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUB_GRIDBOX_MAX_ALLOWED, subGridboxesMessages as msg, tooManySubGridboxes } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { PLANT_UID_PATTERN } from '../plants/plant-uid.js';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { listSubGridboxesOfBoxes } from './sub-gridboxes.service.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let fa: FacilityFixture;
let fb: FacilityFixture;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  fa = await makeFacility(t.app, a.companyId, { nx: 4, ny: 2 });
  fb = await makeFacility(t.app, b.companyId);
});
afterAll(() => t.close());

const create = (headers: Record<string, string>, query: Record<string, string | number | boolean>, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create_sub_gridboxes',
    headers,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const list = (headers: Record<string, string>, parent: number, extra = '') =>
  t.app.inject({ method: 'GET', url: `/api/get_sub_gridboxes?parent_gridbox_id=${parent}${extra}`, headers });

describe('POST /create_sub_gridboxes', () => {
  it('makes nx × ny sub-boxes from position 1, each with its own plant', async () => {
    const parent = fa.box(1, 1);
    const res = await create(a.regular.auth, { parent_gridbox_id: parent, user_id: a.regular.user_id, nx: 3, ny: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', created_count: 6, total_count: 6, max_allowed: SUB_GRIDBOX_MAX_ALLOWED });
    expect(body.sub_gridboxes.map((s: { SubX: number; SubY: number }) => `${s.SubX},${s.SubY}`)).toEqual(['1,1', '2,1', '3,1', '1,2', '2,2', '3,2']);
    for (const s of body.sub_gridboxes) {
      expect(s.plant_uid).toMatch(PLANT_UID_PATTERN);
      expect(s.PlantID).toBeGreaterThan(0);
      expect(s.display_name).toBe(`Sub-${s.SubX}-${s.SubY}`);
    }
    expect(new Set(body.sub_gridboxes.map((s: { plant_uid: string }) => s.plant_uid)).size).toBe(6);
    const event = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'sub_gridboxes.create').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event).toMatchObject({ company_id: a.companyId, user_id: a.regular.user_id, entity_id: String(parent) });
  });

  it('takes custom_positions from a JSON body, without plants when auto_initialize_plants is false', async () => {
    const res = await create(
      a.admin.auth,
      { parent_gridbox_id: fa.box(2, 1), user_id: a.admin.user_id, auto_initialize_plants: false },
      { custom_positions: [{ subx: 5, suby: 1 }, { subx: '2', suby: 7 }] },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sub_gridboxes).toMatchObject([
      { SubX: 5, SubY: 1, PlantID: null, plant_uid: null },
      { SubX: 2, SubY: 7, PlantID: null },
    ]);
  });

  it('takes custom_positions as JSON text in a form', async () => {
    const form = new URLSearchParams({ custom_positions: JSON.stringify([{ subx: 1, suby: 1 }]) });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/create_sub_gridboxes?parent_gridbox_id=${fa.box(3, 1)}&user_id=${a.admin.user_id}`,
      headers: { ...a.admin.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created_count).toBe(1);
  });

  it("answers the spec's messages for a missing grid box or user", async () => {
    let res = await create(a.admin.auth, { user_id: a.admin.user_id, nx: 1, ny: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: msg.gridboxRequired, field: 'parent_gridbox_id' });
    res = await create(a.admin.auth, { parent_gridbox_id: '', user_id: a.admin.user_id, nx: 1, ny: 1 });
    expect(res.json().message).toBe(msg.gridboxRequired);
    res = await create(a.admin.auth, { parent_gridbox_id: fa.box(4, 1), nx: 1, ny: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: msg.userRequired, field: 'user_id' });
  });

  it('needs numeric nx and ny, or custom positions of at least 1', async () => {
    const base = { parent_gridbox_id: fa.box(4, 1), user_id: a.admin.user_id };
    let res = await create(a.admin.auth, { ...base, nx: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: msg.sizeOrPositions, field: 'ny' });
    res = await create(a.admin.auth, { ...base, nx: 'two', ny: 2 });
    expect(res.json()).toMatchObject({ field: 'nx', message: 'nx must be a number.' });
    res = await create(a.admin.auth, base, { custom_positions: [{ subx: 0, suby: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('custom_positions.0.subx');
    res = await create(a.admin.auth, base, { custom_positions: [{ subx: 1 }] });
    expect(res.json().field).toBe('custom_positions.0.suby');
    res = await create(a.admin.auth, base, { custom_positions: [{ subx: 1, suby: 1 }, { subx: 1, suby: 1 }] });
    expect(res.json()).toMatchObject({ message: msg.duplicateInRequest, field: 'custom_positions' });
  });

  it('refuses a position that is already taken with 409', async () => {
    const res = await create(a.admin.auth, { parent_gridbox_id: fa.box(1, 1), user_id: a.admin.user_id }, { custom_positions: [{ subx: 9, suby: 9 }, { subx: 2, suby: 2 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Position (2, 2) is already taken in this grid box.');
  });

  it(`holds at most ${SUB_GRIDBOX_MAX_ALLOWED} live sub-boxes per grid box`, async () => {
    const parent = fa.box(1, 2);
    let res = await create(a.admin.auth, { parent_gridbox_id: parent, user_id: a.admin.user_id, nx: 10, ny: 9, auto_initialize_plants: false });
    expect(res.statusCode).toBe(200);
    res = await create(a.admin.auth, { parent_gridbox_id: parent, user_id: a.admin.user_id, nx: 11, ny: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(tooManySubGridboxes(SUB_GRIDBOX_MAX_ALLOWED, 90));
    expect(res.json().message).toBe('This grid box can hold at most 100 sub-boxes; it has 90.');
    // An empty custom_positions falls back to nx × ny, whose first row exists already.
    res = await create(a.admin.auth, { parent_gridbox_id: parent, user_id: a.admin.user_id, nx: 10, ny: 1 }, { custom_positions: [] });
    expect(res.statusCode).toBe(409);
    res = await create(a.admin.auth, { parent_gridbox_id: parent, user_id: a.admin.user_id }, {
      custom_positions: Array.from({ length: 10 }, (_, i) => ({ subx: i + 1, suby: 10 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total_count).toBe(100);
  });

  it("answers 404 for another company's grid box or user, and writes nothing", async () => {
    let res = await create(b.admin.auth, { parent_gridbox_id: fa.box(4, 2), user_id: b.admin.user_id, nx: 1, ny: 1 });
    expect(res.statusCode).toBe(404);
    res = await create(a.admin.auth, { parent_gridbox_id: fa.box(4, 2), user_id: b.admin.user_id, nx: 1, ny: 1 });
    expect(res.statusCode).toBe(404);
    const count = await t.app.db.selectFrom('sub_gridboxes').select((eb) => eb.fn.countAll().as('n')).where('parent_gridbox_id', '=', fa.box(4, 2)).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/create_sub_gridboxes?parent_gridbox_id=${fa.box(1, 1)}&user_id=1&nx=1&ny=1` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /get_sub_gridboxes, PUT /update_sub_gridbox, DELETE /delete_sub_gridbox', () => {
  it('lists by row then column with the parent box, total_count and max_allowed', async () => {
    const res = await list(a.regular.auth, fa.box(1, 1));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'success',
      total_count: 6,
      max_allowed: SUB_GRIDBOX_MAX_ALLOWED,
      parent_gridbox: { id: fa.box(1, 1), GridID: fa.gridId, RoomID: fa.roomId, X: 1, Y: 1, display_name: '1,1' },
    });
    expect(body.sub_gridboxes).toHaveLength(6);
    expect(body.sub_gridboxes[0]).toMatchObject({ SubX: 1, SubY: 1, deleted: false });
  });

  it('merges only the fields sent; a blank custom name falls back to Sub-x-y', async () => {
    const [first] = (await list(a.admin.auth, fa.box(1, 1))).json().sub_gridboxes;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/update_sub_gridbox', headers: a.regular.auth, payload: { sub_gridbox_id: first.Sub_gridboxID, ...payload } });
    let res = await put({ custom_name: 'Mother plant', color: '#2e7d32' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sub_gridbox).toMatchObject({ CustomName: 'Mother plant', display_name: 'Mother plant', Color: '#2e7d32', PlantID: first.PlantID });
    res = await put({ status: 'rooting' });
    expect(res.json().sub_gridbox).toMatchObject({ CustomName: 'Mother plant', Color: '#2e7d32', Status: 'rooting' });
    res = await put({ custom_name: '  ' });
    expect(res.json().sub_gridbox.display_name).toBe('Sub-1-1');
    res = await put({});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.nothingToUpdate);
    const event = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'sub_gridbox.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event.entity_id).toBe(String(first.Sub_gridboxID));
  });

  it('sets or clears plant_id; a plant already placed elsewhere is a 409', async () => {
    const subs = (await list(a.admin.auth, fa.box(1, 1))).json().sub_gridboxes;
    const put = (id: number, plant: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/update_sub_gridbox', headers: a.admin.auth, payload: { sub_gridbox_id: id, plant_id: plant } });
    let res = await put(subs[0].Sub_gridboxID, subs[1].PlantID);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(subs[1].plant_uid);
    res = await put(subs[1].Sub_gridboxID, null);
    expect(res.json().sub_gridbox.PlantID).toBeNull();
    res = await put(subs[0].Sub_gridboxID, subs[1].PlantID);
    expect(res.statusCode).toBe(200);
    res = await put(subs[1].Sub_gridboxID, subs[0].PlantID);
    expect(res.statusCode).toBe(200);
    const other = await create(b.admin.auth, { parent_gridbox_id: fb.box(1, 1), user_id: b.admin.user_id, nx: 1, ny: 1 });
    res = await put(subs[2].Sub_gridboxID, other.json().sub_gridboxes[0].PlantID);
    expect(res.statusCode).toBe(404);
  });

  it('soft-deletes: the count falls, include_deleted still shows it, the plant stays', async () => {
    const before = (await list(a.admin.auth, fa.box(1, 1))).json();
    const victim = before.sub_gridboxes.at(-1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/delete_sub_gridbox?sub_gridbox_id=${victim.Sub_gridboxID}`, headers: a.regular.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', sub_gridbox_id: victim.Sub_gridboxID, total_count: before.total_count - 1 });
    const after = (await list(a.admin.auth, fa.box(1, 1))).json();
    expect(after.total_count).toBe(before.total_count - 1);
    expect(after.sub_gridboxes.map((s: { Sub_gridboxID: number }) => s.Sub_gridboxID)).not.toContain(victim.Sub_gridboxID);
    const all = (await list(a.admin.auth, fa.box(1, 1), '&include_deleted=true')).json();
    expect(all.sub_gridboxes.find((s: { Sub_gridboxID: number }) => s.Sub_gridboxID === victim.Sub_gridboxID)).toMatchObject({ deleted: true });
    const plant = await t.app.db.selectFrom('plants').select('plant_uid').where('plant_id', '=', victim.PlantID).executeTakeFirst();
    expect(plant?.plant_uid).toBe(victim.plant_uid);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/delete_sub_gridbox?sub_gridbox_id=${victim.Sub_gridboxID}`, headers: a.regular.auth });
    expect(again.statusCode).toBe(404);
    // The freed position can be used again.
    const reuse = await create(a.admin.auth, { parent_gridbox_id: fa.box(1, 1), user_id: a.admin.user_id }, { custom_positions: [{ subx: victim.SubX, suby: victim.SubY }] });
    expect(reuse.statusCode, reuse.body).toBe(200);
  });

  it("answers 404 for another company's grid box or sub-box and changes nothing", async () => {
    const sub = (await list(a.admin.auth, fa.box(1, 1))).json().sub_gridboxes[0];
    expect((await list(b.admin.auth, fa.box(1, 1))).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: '/api/update_sub_gridbox', headers: b.admin.auth, payload: { sub_gridbox_id: sub.Sub_gridboxID, custom_name: 'x' } });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/delete_sub_gridbox?sub_gridbox_id=${sub.Sub_gridboxID}`, headers: b.admin.auth });
    expect(del.statusCode).toBe(404);
    expect((await list(a.admin.auth, fa.box(1, 1))).json().sub_gridboxes[0]).toMatchObject({ Sub_gridboxID: sub.Sub_gridboxID, deleted: false });
  });

  it('needs the ids', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/get_sub_gridboxes', headers: a.admin.auth })).json().field).toBe('parent_gridbox_id');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/delete_sub_gridbox', headers: a.admin.auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/update_sub_gridbox', headers: a.admin.auth, payload: { color: 'red' } })).json().field).toBe('sub_gridbox_id');
  });
});

describe('listSubGridboxesOfBoxes (the offline room bundle)', () => {
  it("lists each box's sub-boxes in the single read's order even when their ids are not in place order", async () => {
    const parent = fa.box(4, 2);
    const res = await create(a.regular.auth, { parent_gridbox_id: parent, user_id: a.regular.user_id, nx: 2, ny: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const made = (await list(a.regular.auth, parent)).json().sub_gridboxes as Array<{ Sub_gridboxID: number }>;
    // The first-made moves to the last place and the last-made to the first: id order is no longer place order.
    const [first, , , last] = made.map((s) => s.Sub_gridboxID);
    await t.app.db.updateTable('sub_gridboxes').set({ subx: 3, suby: 3 }).where('sub_gridbox_id', '=', first!).execute();
    await t.app.db.updateTable('sub_gridboxes').set({ subx: 1, suby: 1 }).where('sub_gridbox_id', '=', last!).execute();
    const caller = { user_id: a.regular.user_id, company_id: a.companyId, user_role: a.regular.user_role };
    const answers = await listSubGridboxesOfBoxes(t.app, caller, [parent, fa.box(1, 1), fb.box(1, 1)]);
    const single = (await list(a.regular.auth, parent)).json().sub_gridboxes as Array<{ Sub_gridboxID: number }>;
    expect(single.map((s) => s.Sub_gridboxID).at(0)).toBe(last);
    expect(single.map((s) => s.Sub_gridboxID).at(-1)).toBe(first);
    expect(answers.get(parent)!.subGridboxes.map((s) => s.Sub_gridboxID)).toEqual(single.map((s) => s.Sub_gridboxID));
    // Another company's box is left out.
    expect(answers.has(fb.box(1, 1))).toBe(false);
  });
});
