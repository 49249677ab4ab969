import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDate, movementMessages as msg, positionOccupied } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
interface Sub {
  Sub_gridboxID: number;
  SubX: number;
  SubY: number;
  PlantID: number | null;
  plant_uid: string | null;
}

let t: TestApp;
let a: Tenant;
let b: Tenant;
let north: FacilityFixture;
let south: FacilityFixture;
let fb: FacilityFixture;
let subs: Sub[];

const makeSubs = async (tenant: Tenant, parent: number, nx: number, ny: number): Promise<Sub[]> => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/create_sub_gridboxes?parent_gridbox_id=${parent}&user_id=${tenant.admin.user_id}&nx=${nx}&ny=${ny}`,
    headers: tenant.admin.auth,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().sub_gridboxes;
};

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  north = await makeFacility(t.app, a.companyId, { roomName: 'North room', nx: 2, ny: 1 });
  south = await makeFacility(t.app, a.companyId, { roomName: 'South room', nx: 2, ny: 1 });
  fb = await makeFacility(t.app, b.companyId);
  subs = await makeSubs(a, north.box(1, 1), 2, 2);
  await t.app.db.updateTable('grid_boxes').set({ custom_name: 'Mother bench' }).where('grid_box_id', '=', south.box(1, 1)).execute();
});
afterAll(() => t.close());

const move = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/move_plant', headers, payload });
const history = (headers: Record<string, string>, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/get_company_movement_history?${query}`, headers });

describe('POST /move_plant', () => {
  it('moves a plant to a new position in another room, records the move and an audit event', async () => {
    const plant = subs[0]!;
    const res = await move(a.regular.auth, {
      plant_uid: plant.plant_uid,
      target_parent_gridbox_id: south.box(1, 1),
      user_id: a.regular.user_id,
      target_position: { subx: 2, suby: 3 },
      movement_reason: '  Spacing  ',
      notes: '   ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sub_gridbox).toMatchObject({ SubX: 2, SubY: 3, PlantID: plant.PlantID, plant_uid: plant.plant_uid, ParentGridboxID: south.box(1, 1) });
    expect(body.movement).toMatchObject({
      plant_uid: plant.plant_uid,
      from_room_id: north.roomId,
      from_room: 'North room',
      from_gridbox: '1,1',
      from_sub_gridbox: 'Sub-1-1',
      to_room: 'South room',
      to_gridbox: 'Mother bench',
      to_sub_gridbox: 'Sub-2-3',
      movement_reason: 'Spacing',
      notes: null,
      moved_by_user_id: a.regular.user_id,
      moved_by: 'Test Regular',
    });
    const old = await t.app.db.selectFrom('sub_gridboxes').select('plant_id').where('sub_gridbox_id', '=', plant.Sub_gridboxID).executeTakeFirstOrThrow();
    expect(old.plant_id).toBeNull();
    const event = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'plant.move').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event).toMatchObject({ company_id: a.companyId, user_id: a.regular.user_id, entity_id: String(plant.PlantID) });
  });

  it('accepts the position as JSON text or as target_position[subx] form fields', async () => {
    const form = new URLSearchParams({
      plant_uid: subs[1]!.plant_uid!,
      target_parent_gridbox_id: String(south.box(2, 1)),
      user_id: String(a.admin.user_id),
      'target_position[subx]': '1',
      'target_position[suby]': '1',
    });
    let res = await t.app.inject({
      method: 'POST', url: '/api/move_plant', payload: form.toString(),
      headers: { ...a.admin.auth, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sub_gridbox).toMatchObject({ SubX: 1, SubY: 1, ParentGridboxID: south.box(2, 1) });
    res = await move(a.admin.auth, { plant_uid: subs[1]!.plant_uid, target_parent_gridbox_id: south.box(2, 1), user_id: a.admin.user_id, target_position: '{"subx":2,"suby":1}' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sub_gridbox).toMatchObject({ SubX: 2, SubY: 1 });
    res = await move(a.admin.auth, { plant_uid: subs[1]!.plant_uid, target_parent_gridbox_id: south.box(2, 1), user_id: a.admin.user_id, 'target_position[subx]': 3 });
    expect(res.json().field).toBe('target_position[suby]');
  });

  it('without a position takes the first empty sub-box of the target', async () => {
    const res = await move(a.admin.auth, { plant_uid: subs[2]!.plant_uid, target_parent_gridbox_id: north.box(1, 1), user_id: a.admin.user_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sub_gridbox).toMatchObject({ Sub_gridboxID: subs[0]!.Sub_gridboxID, SubX: 1, SubY: 1 });
  });

  it('refuses an occupied position, and the position the plant already holds, with 409', async () => {
    let res = await move(a.admin.auth, { plant_uid: subs[3]!.plant_uid, target_parent_gridbox_id: south.box(1, 1), user_id: a.admin.user_id, target_position: { subx: 2, suby: 3 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(positionOccupied(subs[0]!.plant_uid!));
    res = await move(a.admin.auth, { plant_uid: subs[3]!.plant_uid, target_parent_gridbox_id: north.box(1, 1), user_id: a.admin.user_id, target_position: { subx: 2, suby: 2 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.alreadyThere);
  });

  it('needs plant_uid, target_parent_gridbox_id, user_id and numeric positions', async () => {
    const base = { plant_uid: subs[3]!.plant_uid, target_parent_gridbox_id: south.box(1, 1), user_id: a.admin.user_id };
    for (const field of ['plant_uid', 'target_parent_gridbox_id', 'user_id'] as const) {
      const { [field]: _gone, ...rest } = base;
      const res = await move(a.admin.auth, rest);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, message: `${field} is required.` });
    }
    const res = await move(a.admin.auth, { ...base, target_position: { subx: 'a', suby: 1 } });
    expect(res.json().field).toBe('target_position.subx');
  });

  it("ignores the batch-move query fields, but refuses another company's batch or room in them", async () => {
    const own = await makeBatch(t.app, a.companyId, { batchNumber: 'Ignored' });
    const foreign = await makeBatch(t.app, b.companyId, { batchNumber: 'Foreign' });
    const send = (query: string) => t.app.inject({
      method: 'POST', url: `/api/move_plant?${query}`, headers: a.admin.auth,
      payload: { plant_uid: subs[3]!.plant_uid, target_parent_gridbox_id: north.box(2, 1), user_id: a.admin.user_id, target_position: { subx: 1, suby: 1 } },
    });
    expect((await send(`batch_id=${foreign}&old_room_id=${north.roomId}&new_room_id=${south.roomId}`)).statusCode).toBe(404);
    expect((await send(`batch_id=${own}&old_room_id=${north.roomId}&new_room_id=${fb.roomId}`)).statusCode).toBe(404);
    const res = await send(`batch_id=${own}&old_room_id=${north.roomId}&new_room_id=${south.roomId}`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("refuses another company's batch or room as a history filter", async () => {
    const foreign = await makeBatch(t.app, b.companyId, { batchNumber: 'Foreign filter' });
    const history = (query: Record<string, number>) =>
      t.app.inject({ method: 'GET', url: '/api/get_company_movement_history', headers: a.admin.auth, query: Object.fromEntries(Object.entries({ company_id: a.companyId, ...query }).map(([k, v]) => [k, String(v)])) });
    expect((await history({ batch_id: foreign })).statusCode).toBe(404);
    expect((await history({ room_id: fb.roomId })).statusCode).toBe(404);
  });

  it("answers 404 for another company's plant, grid box or user, and moves nothing", async () => {
    const own = await makeSubs(b, fb.box(1, 1), 1, 1);
    let res = await move(b.admin.auth, { plant_uid: subs[3]!.plant_uid, target_parent_gridbox_id: fb.box(2, 1), user_id: b.admin.user_id });
    expect(res.statusCode).toBe(404);
    res = await move(b.admin.auth, { plant_uid: own[0]!.plant_uid, target_parent_gridbox_id: north.box(2, 1), user_id: b.admin.user_id });
    expect(res.statusCode).toBe(404);
    res = await move(a.admin.auth, { plant_uid: subs[3]!.plant_uid, target_parent_gridbox_id: north.box(1, 1), user_id: b.admin.user_id });
    expect(res.statusCode).toBe(404);
    const count = await t.app.db.selectFrom('plant_movements').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', b.companyId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('GET /get_company_movement_history', () => {
  it('lists moves newest first with names, total_count, limit and offset', async () => {
    const res = await history(a.regular.auth, `company_id=${a.companyId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', total_count: 5, limit: 50, offset: 0 });
    expect(body.movements).toHaveLength(5);
    const ids = body.movements.map((m: { movement_id: number }) => m.movement_id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(body.movements.at(-1)).toMatchObject({ from_room: 'North room', to_room: 'South room' });
  });

  it('pages, sorts by known columns and filters by room and dates', async () => {
    let res = await history(a.admin.auth, `company_id=${a.companyId}&limit=2&offset=1&sort_by=moved_at&sort_order=asc`);
    expect(res.json()).toMatchObject({ total_count: 5, limit: 2, offset: 1 });
    expect(res.json().movements).toHaveLength(2);
    res = await history(a.admin.auth, `company_id=${a.companyId}&sort_by=plant_uid&sort_order=asc`);
    const uids = res.json().movements.map((m: { plant_uid: string }) => m.plant_uid);
    expect(uids).toEqual([...uids].sort());
    for (const key of ['from_room', 'to_room', 'moved_by']) {
      expect((await history(a.admin.auth, `company_id=${a.companyId}&sort_by=${key}`)).statusCode).toBe(200);
    }
    res = await history(a.admin.auth, `company_id=${a.companyId}&room_id=${north.roomId}`);
    expect(res.json().movements.every((m: { from_room_id: number; to_room_id: number }) => m.from_room_id === north.roomId || m.to_room_id === north.roomId)).toBe(true);
    expect(res.json().total_count).toBe(4);
    const today = utcDate();
    res = await history(a.admin.auth, `company_id=${a.companyId}&start_date=${today}&end_date=${today}`);
    expect(res.json().total_count).toBe(5);
    res = await history(a.admin.auth, `company_id=${a.companyId}&end_date=2020-01-01`);
    expect(res.json()).toMatchObject({ total_count: 0, movements: [] });
    const unmoved = await makeBatch(t.app, a.companyId, { batchNumber: 'Never moved' });
    res = await history(a.admin.auth, `company_id=${a.companyId}&batch_id=${unmoved}`);
    expect(res.json().total_count).toBe(0);
    expect((await history(a.admin.auth, `company_id=${a.companyId}&batch_id=999`)).statusCode).toBe(404);
  });

  it('refuses unknown sort keys, bad dates and pages with 400s naming the field', async () => {
    for (const [query, field] of [
      ['sort_by=moved_at;drop table plants', 'sort_by'],
      ['sort_by=m.notes', 'sort_by'],
      ['sort_order=sideways', 'sort_order'],
      ['start_date=yesterday', 'start_date'],
      ['start_date=2026-02-01&end_date=2026-01-01', 'start_date'],
      ['limit=0', 'limit'],
      ['offset=-1', 'offset'],
    ]) {
      const res = await history(a.admin.auth, `company_id=${a.companyId}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });

  it("answers 'Company ID is required' and 403 for another company", async () => {
    let res = await history(a.admin.auth, '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: msg.companyRequired, field: 'company_id' });
    res = await history(b.admin.auth, `company_id=${a.companyId}`);
    expect(res.statusCode).toBe(403);
    res = await history(b.admin.auth, `company_id=${b.companyId}`);
    expect(res.json()).toMatchObject({ total_count: 0, movements: [] });
  });
});

describe('concurrent moves', () => {
  it('let only one of two simultaneous moves into the same free position win', async () => {
    const spare = await makeFacility(t.app, a.companyId, { nx: 1, ny: 1 });
    const extra = await makeSubs(a, spare.box(1, 1), 2, 1);
    const target = { target_parent_gridbox_id: north.box(2, 1), user_id: a.admin.user_id, target_position: { subx: 7, suby: 7 } };
    const results = await Promise.all([
      move(a.admin.auth, { ...target, plant_uid: extra[0]!.plant_uid }),
      move(a.admin.auth, { ...target, plant_uid: extra[1]!.plant_uid }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
