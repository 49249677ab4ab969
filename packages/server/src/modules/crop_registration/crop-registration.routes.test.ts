import { describe, expect, it } from 'vitest';
import { addDays, cropRegistrationMessages as msg, mondayOf, utcDate } from '@verdant/contract';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';

useTwoTenants();

type Auth = Record<string, string>;
const kit = facilityKit(() => t.app);
const get = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api/crop_registration${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const post = (path: string, auth: Auth, companyId: number, payload: object, headers: Auth = {}) =>
  t.app.inject({ method: 'POST', url: `/api/crop_registration${path}?company_id=${companyId}`, headers: { ...auth, ...headers }, payload });
const del = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'DELETE', url: `/api/crop_registration${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

const W = mondayOf(utcDate());
const week = (n: number) => addDays(W, 7 * n);

async function tomato(tenant: Tenant): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/crops?company_id=${tenant.companyId}`, headers: tenant.admin.auth });
  return (res.json().crops as Array<{ crop_id: number; eppo_code: string }>).find((c) => c.eppo_code === 'LYPES')!.crop_id;
}

/** A room with a 4×5 grid, a tomato planting (3 stems/m² on 1000 m², new sample set every 2 weeks) and its types. */
async function place(tenant: Tenant, name = 'Tomato 1') {
  const cropId = await tomato(tenant);
  const roomId = await kit.room(tenant, name);
  const gridId = await kit.grid(tenant, roomId, 4, 5, 'Path');
  const boxes = (await kit.boxes(gridId)).map((x) => x.grid_box_id);
  const planting = await post('/plantings/save', tenant.admin.auth, tenant.companyId,
    { room_id: roomId, crop_id: cropId, area_m2: 1000, stems_per_m2: 3, start_week: week(-20), rotation_weeks: 2 });
  expect(planting.statusCode, planting.body).toBe(200);
  const types = (await get('/measurement_types', tenant.regular.auth, { company_id: tenant.companyId, crop_id: cropId })).json().types as Array<{ type_id: number; measure: string | null; name: string }>;
  const type = (measure: string) => types.find((x) => x.measure === measure)!.type_id;
  return { cropId, roomId, gridId, boxes, plantingId: planting.json().planting.planting_id as number, type };
}

describe('measurement types', () => {
  it('seeds tomato defaults once on the first read, with truss positions as their own kind', async () => {
    const cropId = await tomato(a);
    const first = await get('/measurement_types', a.regular.auth, { company_id: a.companyId, crop_id: cropId });
    expect(first.statusCode, first.body).toBe(200);
    const types = first.json().types as Array<{ name: string; kind: string; measure: string; is_default: boolean }>;
    expect(types.map((x) => x.name)).toEqual(['Weekly growth', 'Stem diameter', 'Leaves', 'Flowering height', 'Flowering truss', 'Set truss', 'Harvest truss', 'Fruits per truss', 'Fruit weight']);
    expect(types.filter((x) => x.kind === 'truss_position').map((x) => x.measure)).toEqual(['flowering_truss', 'set_truss', 'harvest_truss']);
    const again = await get('/measurement_types', a.regular.auth, { company_id: a.companyId, crop_id: cropId });
    expect(again.json().types).toHaveLength(9);
    const all = await get('/measurement_types', a.regular.auth, { company_id: a.companyId });
    const crops = new Set((all.json().types as Array<{ crop_id: number }>).map((x) => x.crop_id));
    expect(crops.size).toBe(4); // tomato, cucumber, sweet pepper, poinsettia
  });

  it('Admins add, change and remove custom types; names and measures are unique per crop; min ≤ max', async () => {
    const cropId = await tomato(a);
    const made = await post('/measurement_types/save', a.admin.auth, a.companyId, { crop_id: cropId, name: 'Truss length', unit: 'cm', min: 0, max: 40, decimals: 1, how_to_measure: 'Stem to last fruit.' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ message: msg.typeSaved, type: { name: 'Truss length', kind: 'number', measure: null, is_default: false, position: 9 } });
    const id = made.json().type.type_id as number;
    const changed = await post('/measurement_types/save', a.admin.auth, a.companyId, { type_id: id, crop_id: cropId, name: 'Truss length', unit: 'cm', min: 0, max: 50 });
    expect(changed.json().type.max).toBe(50);
    const dupName = await post('/measurement_types/save', a.admin.auth, a.companyId, { crop_id: cropId, name: 'truss LENGTH', min: 0, max: 1 });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe(msg.typeNameTaken);
    const dupMeasure = await post('/measurement_types/save', a.admin.auth, a.companyId, { crop_id: cropId, name: 'Growth 2', min: 0, max: 1, measure: 'weekly_growth' });
    expect(dupMeasure.statusCode).toBe(409);
    const minMax = await post('/measurement_types/save', a.admin.auth, a.companyId, { crop_id: cropId, name: 'Odd', min: 5, max: 1 });
    expect(minMax.statusCode).toBe(400);
    expect(minMax.json().message).toContain('min');
    const badKind = await post('/measurement_types/save', a.admin.auth, a.companyId, { crop_id: cropId, name: 'Odd', min: 0, max: 1, kind: 'colour' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toContain('kind');
    expect((await post('/measurement_types/save', a.regular.auth, a.companyId, { crop_id: cropId, name: 'X', min: 0, max: 1 })).statusCode).toBe(403);
    expect((await del('/measurement_types/delete', a.regular.auth, { company_id: a.companyId, type_id: id })).statusCode).toBe(403);
    expect((await del('/measurement_types/delete', b.admin.auth, { company_id: b.companyId, type_id: id })).statusCode).toBe(404);
    const gone = await del('/measurement_types/delete', a.admin.auth, { company_id: a.companyId, type_id: id });
    expect(gone.statusCode, gone.body).toBe(200);
    const names = ((await get('/measurement_types', a.regular.auth, { company_id: a.companyId, crop_id: cropId })).json().types as Array<{ name: string }>).map((x) => x.name);
    expect(names).not.toContain('Truss length');
  });

  it('another company\'s crop is 404, another company id 403', async () => {
    const cropId = await tomato(a);
    expect((await get('/measurement_types', b.regular.auth, { company_id: b.companyId, crop_id: cropId })).statusCode).toBe(404);
    expect((await get('/measurement_types', b.regular.auth, { company_id: a.companyId, crop_id: cropId })).statusCode).toBe(403);
    expect((await post('/measurement_types/save', b.admin.auth, b.companyId, { crop_id: cropId, name: 'X', min: 0, max: 1 })).statusCode).toBe(404);
  });
});

describe('plantings and sample sets', () => {
  it('checks the room, crop and batch of a planting against the company, and its fields', async () => {
    const p = await place(a, 'Plantings');
    const list = await get('/plantings', a.regular.auth, { company_id: a.companyId, room_id: p.roomId });
    expect(list.json().plantings).toMatchObject([{ planting_id: p.plantingId, room_name: 'Plantings', crop_name: 'Tomato', eppo_code: 'LYPES', area_m2: 1000, stems_per_m2: 3, rotation_weeks: 2 }]);
    const body = { room_id: p.roomId, crop_id: p.cropId, area_m2: 10, stems_per_m2: 3, start_week: W };
    expect((await post('/plantings/save', b.admin.auth, b.companyId, body)).statusCode).toBe(404);
    expect((await post('/plantings/save', a.regular.auth, a.companyId, body)).statusCode).toBe(403);
    const tuesday = await post('/plantings/save', a.admin.auth, a.companyId, { ...body, start_week: addDays(W, 1) });
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json().message).toContain('start_week');
    expect(tuesday.json().message).toContain(msg.notMonday);
    const area = await post('/plantings/save', a.admin.auth, a.companyId, { ...body, area_m2: 0 });
    expect(area.statusCode).toBe(400);
    expect(area.json().message).toContain('area_m2');
    expect((await post('/plantings/save', a.admin.auth, a.companyId, { ...body, batch_id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await get('/plantings', b.regular.auth, { company_id: b.companyId, room_id: p.roomId })).statusCode).toBe(404);
  });

  it('rotation rule: a set runs rotation_weeks weeks, a new one ends the running one the week before; later sets conflict', async () => {
    const p = await place(a, 'Rotation');
    const first = await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: p.plantingId, valid_from: week(0), plants: p.boxes.slice(0, 3).map((id) => ({ grid_box_id: id })) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().set).toMatchObject({ valid_from: week(0), valid_to: week(1), room_id: p.roomId });
    expect(first.json().set.plants).toHaveLength(3);
    expect(first.json().set.plants[0]).toMatchObject({ grid_id: p.gridId, label: 'Path 1/1', position: 0 });
    const second = await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: p.plantingId, valid_from: week(1), plants: [{ grid_box_id: p.boxes[5], label: 'Post 12' }] });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().set).toMatchObject({ valid_from: week(1), valid_to: week(2) });
    const sets = (await get('/sample_sets', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId })).json().sets as Array<{ valid_from: string; valid_to: string }>;
    expect(sets.map((s) => [s.valid_from, s.valid_to])).toEqual([[week(0), week(0)], [week(1), week(2)]]);
    const inWeek2 = (await get('/sample_sets', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId, week: week(2) })).json().sets;
    expect(inWeek2).toHaveLength(1);
    expect(inWeek2[0].plants[0].label).toBe('Post 12');
    const walk3 = (await get('/walk', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId, week: week(3) })).json().walk;
    expect(walk3).toMatchObject({ rotation_due: true, set: null, plants: [], progress: { done: 0, total: 0 } });
    const earlier = await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: p.plantingId, valid_from: week(1), plants: [{ grid_box_id: p.boxes[6] }] });
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json().message).toBe(msg.setStartsLater);
  });

  it('refuses boxes of another room or company, the same box twice, and a Regular user; deletes a set without values', async () => {
    const p = await place(a, 'Boxes');
    const other = await place(a, 'Other room');
    const bPlace = await place(b, 'B room');
    const set = (grid_box_id: number) => ({ planting_id: p.plantingId, valid_from: week(4), plants: [{ grid_box_id }] });
    expect((await post('/sample_sets/save', a.admin.auth, a.companyId, set(other.boxes[0]!))).statusCode).toBe(404);
    expect((await post('/sample_sets/save', a.admin.auth, a.companyId, set(bPlace.boxes[0]!))).statusCode).toBe(404);
    expect((await post('/sample_sets/save', b.admin.auth, b.companyId, { ...set(bPlace.boxes[0]!), planting_id: p.plantingId })).statusCode).toBe(404);
    expect((await post('/sample_sets/save', a.regular.auth, a.companyId, set(p.boxes[0]!))).statusCode).toBe(403);
    const twice = await post('/sample_sets/save', a.admin.auth, a.companyId, { ...set(p.boxes[0]!), plants: [{ grid_box_id: p.boxes[0] }, { grid_box_id: p.boxes[0] }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(msg.duplicatePosition);
    const empty = await post('/sample_sets/save', a.admin.auth, a.companyId, { ...set(p.boxes[0]!), plants: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('plants');
    const made = await post('/sample_sets/save', a.admin.auth, a.companyId, set(p.boxes[0]!));
    const setId = made.json().set.set_id as number;
    expect((await del('/sample_sets/delete', b.admin.auth, { company_id: b.companyId, set_id: setId })).statusCode).toBe(404);
    expect((await del('/sample_sets/delete', a.admin.auth, { company_id: a.companyId, set_id: setId })).statusCode).toBe(200);
    expect((await get('/sample_sets', b.regular.auth, { company_id: b.companyId, planting_id: p.plantingId })).statusCode).toBe(404);
  });
});

describe('registrations and the walk', () => {
  it('saves a plant\'s week once (a resend with the same key or without it never doubles), shows last week and progress', async () => {
    const p = await place(a, 'Walk');
    const made = await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: p.plantingId, valid_from: week(-1), plants: p.boxes.slice(0, 4).map((id) => ({ grid_box_id: id })) });
    const plants = made.json().set.plants as Array<{ sample_plant_id: number }>;
    const sp = plants[0]!.sample_plant_id;
    const lastWeek = await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: week(-1), values: [{ type_id: p.type('set_truss'), value: '12.4' }, { type_id: p.type('stem_diameter'), value: 11 }] });
    expect(lastWeek.statusCode, lastWeek.body).toBe(200);
    const body = { sample_plant_id: sp, week: week(0), values: [{ type_id: p.type('set_truss'), value: '13,4' }, { type_id: p.type('stem_diameter'), value: '10.5' }] };
    const first = await post('/registrations', a.regular.auth, a.companyId, body, { 'idempotency-key': 'walk-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().values).toEqual([{ type_id: p.type('set_truss'), value: 13.4, out_of_range: false }, { type_id: p.type('stem_diameter'), value: 10.5, out_of_range: false }]);
    expect((await post('/registrations', a.regular.auth, a.companyId, body, { 'idempotency-key': 'walk-1' })).statusCode).toBe(200);
    expect((await post('/registrations', a.regular.auth, a.companyId, body)).statusCode).toBe(200);
    const stored = await t.app.db.selectFrom('crop_registration_values').select(['value', 'delta']).where('sample_plant_id', '=', sp).where('week', '=', week(0)).orderBy('type_id').execute();
    expect(stored).toHaveLength(2);
    const sums = await t.app.db.selectFrom('crop_registration_weeks').selectAll().where('planting_id', '=', p.plantingId).where('week', '=', week(0)).where('type_id', '=', p.type('set_truss')).executeTakeFirstOrThrow();
    expect(sums).toMatchObject({ n: 1, n_delta: 1 });
    expect(sums.sum_value).toBeCloseTo(13.4);
    expect(sums.sum_delta).toBeCloseTo(1);

    const walk = await get('/walk', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId, week: week(0) });
    expect(walk.statusCode, walk.body).toBe(200);
    const w = walk.json().walk;
    expect(w.progress).toEqual({ done: 1, total: 4, text: '1 of 4 plants' });
    expect(w.rotation_due).toBe(false);
    expect(w.types).toHaveLength(9);
    expect(w.plants[0].last_week).toEqual([{ type_id: p.type('stem_diameter'), value: 11, out_of_range: false }, { type_id: p.type('set_truss'), value: 12.4, out_of_range: false }].sort((x, y) => x.type_id - y.type_id));
    expect(w.plants[1].done).toBe(false);

    // Last week's value corrected: this week's delta follows.
    await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: week(-1), values: [{ type_id: p.type('set_truss'), value: '12.9' }] });
    const after = await t.app.db.selectFrom('crop_registration_weeks').select(['sum_delta', 'n_delta']).where('planting_id', '=', p.plantingId).where('week', '=', week(0)).where('type_id', '=', p.type('set_truss')).executeTakeFirstOrThrow();
    expect(after.n_delta).toBe(1);
    expect(after.sum_delta).toBeCloseTo(0.5);
  });

  it('an out-of-range value is a 400 naming the field unless confirmed; a wrong truss position and too many decimals are 400s', async () => {
    const p = await place(a, 'Range');
    const sp = (await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: p.plantingId, valid_from: week(0), plants: [{ grid_box_id: p.boxes[0] }] })).json().set.plants[0].sample_plant_id as number;
    const send = (values: object[], confirm?: boolean) => post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: week(0), values, ...(confirm === undefined ? {} : { confirm_out_of_range: confirm }) });
    const high = await send([{ type_id: p.type('stem_diameter'), value: 12 }, { type_id: p.type('weekly_growth'), value: 75 }]);
    expect(high.statusCode).toBe(400);
    expect(high.json().field).toBe('values.1.value');
    expect(high.json().message).toBe(msg.outOfRange('Weekly growth', '75', '0', '60', 'cm'));
    expect(await t.app.db.selectFrom('crop_registration_values').select('value').where('sample_plant_id', '=', sp).execute()).toHaveLength(0);
    const confirmed = await send([{ type_id: p.type('weekly_growth'), value: 75 }], true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().values[0]).toMatchObject({ value: 75, out_of_range: true });
    for (const bad of ['17.25', '17-2', 'abc', '']) {
      const res = await send([{ type_id: p.type('flowering_truss'), value: bad }]);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().field).toBe('values.0.value');
      expect(res.json().message).toContain(msg.trussForm);
    }
    const decimals = await send([{ type_id: p.type('leaves'), value: '20.5' }]);
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().message).toContain(msg.tooManyDecimals(0));
    const pepper = ((await get('/measurement_types', a.regular.auth, { company_id: a.companyId })).json().types as Array<{ type_id: number; crop_id: number }>).find((x) => x.crop_id !== p.cropId)!;
    const otherCrop = await send([{ type_id: pepper.type_id, value: 1 }]);
    expect(otherCrop.statusCode).toBe(400);
    expect(otherCrop.json().field).toBe('values.0.type_id');
    const outside = await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: week(5), values: [{ type_id: p.type('leaves'), value: 20 }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(msg.weekOutsideSet);
    const notMonday = await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: addDays(week(0), 2), values: [{ type_id: p.type('leaves'), value: 20 }] });
    expect(notMonday.statusCode).toBe(400);
    expect(notMonday.json().message).toContain('week');
  });

  it('another company\'s sample plant or planting is 404', async () => {
    const p = await place(a, 'Tenancy');
    const sp = (await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: p.plantingId, valid_from: week(0), plants: [{ grid_box_id: p.boxes[0] }] })).json().set.plants[0].sample_plant_id as number;
    const res = await post('/registrations', b.regular.auth, b.companyId, { sample_plant_id: sp, week: week(0), values: [{ type_id: p.type('leaves'), value: 20 }] });
    expect(res.statusCode).toBe(404);
    expect((await get('/walk', b.regular.auth, { company_id: b.companyId, planting_id: p.plantingId, week: week(0) })).statusCode).toBe(404);
    expect((await get('/walk', b.regular.auth, { company_id: a.companyId, planting_id: p.plantingId, week: week(0) })).statusCode).toBe(403);
    const bType = (await place(b, 'B types')).type('leaves');
    expect((await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: week(0), values: [{ type_id: bType, value: 20 }] })).statusCode).toBe(404);
  });
});

describe('temperatures, harvests, targets', () => {
  it('keeps typed temperatures and harvests per week (replacing), and targets per crop and indicator', async () => {
    const p = await place(a, 'Climate');
    const temps = await post('/temperatures/save', a.regular.auth, a.companyId, { room_id: p.roomId, days: [{ day: W, mean_c: 20.5 }, { day: addDays(W, 1), mean_c: 21 }, { day: W, mean_c: 19.5 }] });
    expect(temps.json()).toMatchObject({ saved: 2 });
    const read = await get('/temperatures', a.regular.auth, { company_id: a.companyId, room_id: p.roomId, start: W, end: addDays(W, 6) });
    expect(read.json().days).toEqual([{ day: W, mean_c: 19.5 }, { day: addDays(W, 1), mean_c: 21 }]);
    const impossible = await post('/temperatures/save', a.regular.auth, a.companyId, { room_id: p.roomId, days: [{ day: '2026-02-30', mean_c: 20 }] });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toContain('days.0.day');
    expect((await post('/temperatures/save', b.regular.auth, b.companyId, { room_id: p.roomId, days: [{ day: W, mean_c: 20 }] })).statusCode).toBe(404);

    expect((await post('/harvests/save', a.regular.auth, a.companyId, { planting_id: p.plantingId, week: W, kg: 1500 })).json().harvest).toEqual({ planting_id: p.plantingId, week: W, kg: 1500, kg_per_m2: 1.5 });
    await post('/harvests/save', a.regular.auth, a.companyId, { planting_id: p.plantingId, week: W, kg: 1200 });
    expect((await get('/harvests', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId })).json().harvests).toEqual([{ planting_id: p.plantingId, week: W, kg: 1200, kg_per_m2: 1.2 }]);
    const negative = await post('/harvests/save', a.regular.auth, a.companyId, { planting_id: p.plantingId, week: W, kg: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('kg');
    expect((await post('/harvests/save', b.regular.auth, b.companyId, { planting_id: p.plantingId, week: W, kg: 1 })).statusCode).toBe(404);

    const target = await post('/targets/save', a.admin.auth, a.companyId, { crop_id: p.cropId, indicator: 'flowering_height', value: 20 });
    expect(target.statusCode, target.body).toBe(200);
    expect((await post('/targets/save', a.regular.auth, a.companyId, { crop_id: p.cropId, indicator: 'growth', value: 20 })).statusCode).toBe(403);
    const badIndicator = await post('/targets/save', a.admin.auth, a.companyId, { crop_id: p.cropId, indicator: 'colour', value: 1 });
    expect(badIndicator.statusCode).toBe(400);
    expect(badIndicator.json().message).toContain('indicator');
    expect((await get('/targets', a.regular.auth, { company_id: a.companyId, crop_id: p.cropId })).json().targets).toMatchObject([{ indicator: 'flowering_height', value: 20 }]);
    const targetId = target.json().target.target_id as number;
    expect((await del('/targets/delete', b.admin.auth, { company_id: b.companyId, target_id: targetId })).statusCode).toBe(404);
    expect((await del('/targets/delete', a.admin.auth, { company_id: a.companyId, target_id: targetId })).statusCode).toBe(200);
  });
});

describe('indicators', () => {
  it('computes the week\'s indicators as the formulas say, against hand-computed values, with last year and the balance', async () => {
    const p = await place(a, 'Indicators');
    await post('/targets/save', a.admin.auth, a.companyId, { crop_id: p.cropId, indicator: 'flowering_height', value: 20 });
    const lastYear = addDays(week(0), -364);
    const sets = await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: p.plantingId, valid_from: week(-60), plants: p.boxes.slice(0, 2).map((id) => ({ grid_box_id: id })) });
    const [sp1, sp2] = (sets.json().set.plants as Array<{ sample_plant_id: number }>).map((x) => x.sample_plant_id);
    // A long set for the test: the planting's rotation is 2 weeks, so put the set's end far ahead directly.
    await t.app.db.updateTable('sample_sets').set({ valid_to: week(4) }).where('set_id', '=', sets.json().set.set_id).execute();
    const reg = (sp: number, w: string, v: Record<string, number | string>) =>
      post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: w, values: Object.entries(v).map(([m, value]) => ({ type_id: p.type(m), value })) });
    for (const r of [
      await reg(sp1!, week(-1), { set_truss: '10.2', flowering_truss: '12.0', harvest_truss: '4.0', stem_diameter: 11 }),
      await reg(sp2!, week(-1), { set_truss: '11.0', flowering_truss: '13.1', harvest_truss: '5.0', stem_diameter: 12 }),
      await reg(sp1!, week(0), { set_truss: '11.2', flowering_truss: '13.0', harvest_truss: '5.0', stem_diameter: 10, weekly_growth: 24, fruits_per_truss: 5, flowering_height: 18 }),
      await reg(sp2!, week(0), { set_truss: '11.8', flowering_truss: '13.9', harvest_truss: '5.8', stem_diameter: 11, weekly_growth: 20, fruits_per_truss: 7, flowering_height: 16 }),
      await reg(sp1!, lastYear, { weekly_growth: 30, stem_diameter: 12 }),
    ]) expect(r.statusCode, r.body).toBe(200);

    const res = await get('/indicators', a.regular.auth, { company_id: a.companyId, crop_id: p.cropId, from: week(0), to: week(0) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().weeks as Array<{ values: Record<string, number | null>; last_year: Record<string, number | null>; balance_label: string; plants_measured: number }>;
    // growth: mean(24, 20) = 22; flowering speed: mean(13.0−12.0, 13.9−13.1) = 0.9; setting: mean(1.0, 0.8) = 0.9
    // fruit load: (mean set 11.5 − mean harvest 5.4) × mean fruits 6 × 3 stems/m² = 109.8
    // stem diameter mean(10, 11) = 10.5, trend mean(−1, −1) = −1; flowering height 17, balance 17/20 = 0.85 → generative
    expect(row!.values).toEqual({ growth: 22, flowering_speed: 0.9, setting_speed: 0.9, fruit_load: 109.8, stem_diameter: 10.5, stem_diameter_trend: -1, flowering_height: 17, balance: 0.85 });
    expect(row!.balance_label).toBe('generative');
    expect(row!.plants_measured).toBe(2);
    expect(row!.last_year).toMatchObject({ growth: 30, stem_diameter: 12, setting_speed: null });
    expect(res.json().formulas.balance).toContain('target flowering height');

    const tooLong = await get('/indicators', a.regular.auth, { company_id: a.companyId, crop_id: p.cropId, from: week(-200), to: week(0) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('to');
    expect((await get('/indicators', b.regular.auth, { company_id: b.companyId, crop_id: p.cropId, from: week(0), to: week(0) })).statusCode).toBe(404);
  });
});

describe('week sums under concurrent registrations', () => {
  it('two registrations of one planting\'s week sent at once (other plants and the same plant, several rounds) lose no update', async () => {
    const p = await place(a, 'Concurrent');
    const made = await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: p.plantingId, valid_from: week(-1), plants: p.boxes.slice(0, 3).map((id) => ({ grid_box_id: id })) });
    const [sp1, sp2, sp3] = (made.json().set.plants as Array<{ sample_plant_id: number }>).map((x) => x.sample_plant_id);
    const reg = (sp: number, w: string, setTruss: number, diameter: number) =>
      post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: w, values: [{ type_id: p.type('set_truss'), value: setTruss.toFixed(1) }, { type_id: p.type('stem_diameter'), value: diameter }] });
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all([
        // Two plants of the same week: both add to the planting's one kept row of the week.
        reg(sp1!, week(0), 10 + round, 10 + (round % 3)),
        reg(sp2!, week(0), 11 + round, 12 - (round % 2)),
        // The same plant's week twice: the second replaces the first's values in the sums.
        reg(sp1!, week(0), 12 + round, 11),
        // Last week's value changes this week's delta (kept in this week's row) while this week is written.
        reg(sp3!, week(-1), 9 + round, 10 + round),
        reg(sp3!, week(0), 10.5 + round, 11 + (round % 2)),
      ]);
      for (const r of answers) expect(r.statusCode, r.body).toBe(200);

      const kept = await t.app.db.selectFrom('crop_registration_weeks').select(['week', 'type_id', 'n', 'sum_value', 'n_delta', 'sum_delta'])
        .where('company_id', '=', a.companyId).where('planting_id', '=', p.plantingId).orderBy('week').orderBy('type_id').execute();
      const values = await t.app.db.selectFrom('crop_registration_values').select(['sample_plant_id', 'week', 'type_id', 'value', 'delta'])
        .where('company_id', '=', a.companyId).where('planting_id', '=', p.plantingId).orderBy('week').orderBy('type_id').execute();
      // Each delta is this week's value − last week's of the same plant and type (none without last week's).
      for (const v of values) {
        const prev = values.find((x) => x.sample_plant_id === v.sample_plant_id && x.type_id === v.type_id && x.week === addDays(v.week, -7));
        if (prev) expect(v.delta, `delta of ${v.sample_plant_id} ${v.week}`).toBeCloseTo(v.value - prev.value, 6);
        else expect(v.delta).toBeNull();
      }
      const recomputed = new Map<string, { n: number; sum_value: number; n_delta: number; sum_delta: number }>();
      for (const v of values) {
        const key = `${v.week} ${v.type_id}`;
        const s = recomputed.get(key) ?? { n: 0, sum_value: 0, n_delta: 0, sum_delta: 0 };
        recomputed.set(key, { n: s.n + 1, sum_value: s.sum_value + v.value, n_delta: s.n_delta + (v.delta === null ? 0 : 1), sum_delta: s.sum_delta + (v.delta ?? 0) });
      }
      expect(kept.map((k) => `${k.week} ${k.type_id}`)).toEqual([...recomputed.keys()]);
      for (const k of kept) {
        const want = recomputed.get(`${k.week} ${k.type_id}`)!;
        expect({ n: k.n, n_delta: k.n_delta }, `round ${round}, ${k.week} ${k.type_id}`).toEqual({ n: want.n, n_delta: want.n_delta });
        expect(k.sum_value, `round ${round}, ${k.week} ${k.type_id}`).toBeCloseTo(want.sum_value, 6);
        expect(k.sum_delta, `round ${round}, ${k.week} ${k.type_id}`).toBeCloseTo(want.sum_delta, 6);
      }
      expect(recomputed.get(`${week(0)} ${p.type('set_truss')}`)?.n).toBe(3);
    }
  });
});
