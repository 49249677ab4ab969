import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { addDays, mondayOf, utcDate } from '@verdant/contract';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';

useTwoTenants();

type Auth = Record<string, string>;
const kit = facilityKit(() => t.app);
const get = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api/crop_registration${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const post = (path: string, auth: Auth, companyId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/crop_registration${path}?company_id=${companyId}`, headers: auth, payload });

const W = mondayOf(utcDate());
const week = (n: number) => addDays(W, 7 * n);

async function tomato(tenant: Tenant): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/crops?company_id=${tenant.companyId}`, headers: tenant.admin.auth });
  return (res.json().crops as Array<{ crop_id: number; eppo_code: string }>).find((c) => c.eppo_code === 'LYPES')!.crop_id;
}

/** A room with a 4×5 grid, a tomato planting with a 4-week rotation and a set of 3 sample plants from last week. */
async function place(tenant: Tenant, name: string) {
  const cropId = await tomato(tenant);
  const roomId = await kit.room(tenant, name);
  const gridId = await kit.grid(tenant, roomId, 4, 5, 'Path');
  const boxes = (await kit.boxes(gridId)).map((x) => x.grid_box_id);
  const planting = await post('/plantings/save', tenant.admin.auth, tenant.companyId,
    { room_id: roomId, crop_id: cropId, area_m2: 1000, stems_per_m2: 3, start_week: week(-20), rotation_weeks: 4 });
  expect(planting.statusCode, planting.body).toBe(200);
  const plantingId = planting.json().planting.planting_id as number;
  const types = (await get('/measurement_types', tenant.regular.auth, { company_id: tenant.companyId, crop_id: cropId })).json().types as Array<{ type_id: number; measure: string | null }>;
  const type = (measure: string) => types.find((x) => x.measure === measure)!.type_id;
  const set = await post('/sample_sets/save', tenant.admin.auth, tenant.companyId,
    { planting_id: plantingId, valid_from: week(-1), plants: boxes.slice(0, 3).map((id, i) => ({ grid_box_id: id, ...(i === 0 ? { label: 'Row 1 post 3' } : {}) })) });
  expect(set.statusCode, set.body).toBe(200);
  const plants = (set.json().set.plants as Array<{ sample_plant_id: number; grid_box_id: number }>);
  return { cropId, roomId, gridId, boxes, plantingId, type, plants };
}

describe('sample plants of a room (map markers and labels)', () => {
  it('lists the running set\'s plants with their box, planting and latest registration on or before the week', async () => {
    const p = await place(a, 'Map room');
    const sp = p.plants[0]!.sample_plant_id;
    expect((await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: week(-1), values: [{ type_id: p.type('set_truss'), value: '12.4' }] })).statusCode).toBe(200);
    expect((await post('/registrations', a.regular.auth, a.companyId,
      { sample_plant_id: sp, week: week(0), values: [{ type_id: p.type('set_truss'), value: '13.2' }, { type_id: p.type('stem_diameter'), value: '10.5' }] })).statusCode).toBe(200);

    const now = await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId, room_id: p.roomId });
    expect(now.statusCode, now.body).toBe(200);
    const plants = now.json().plants as Array<Record<string, unknown> & { sample_plant_id: number; last_registration: { week: string; values: Array<Record<string, unknown>> } | null }>;
    expect(plants.map((x) => x.grid_box_id)).toEqual(p.boxes.slice(0, 3));
    expect(plants[0]).toMatchObject({ planting_id: p.plantingId, crop_name: expect.any(String), label: 'Row 1 post 3', valid_from: week(-1), valid_to: week(2), x: expect.any(Number), y: expect.any(Number) });
    expect(plants[1]!.label).toBe('Path 1/2');
    // The latest week, both its values, in the form's order (stem diameter comes before set truss), with name, unit and kind.
    expect(plants[0]!.last_registration).toEqual({
      week: week(0),
      values: [
        { type_id: p.type('stem_diameter'), name: 'Stem diameter', unit: 'mm', kind: 'number', value: 10.5, out_of_range: false },
        { type_id: p.type('set_truss'), name: 'Set truss', unit: 'truss', kind: 'truss_position', value: 13.2, out_of_range: false },
      ],
      photo: null,
    });
    expect(plants[1]!.last_registration).toBeNull();

    // Asked for last week: the registration of last week, not this week's.
    const before = await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId, room_id: p.roomId, week: week(-1) });
    const first = (before.json().plants as typeof plants)[0]!;
    expect(first.last_registration?.week).toBe(week(-1));
    expect(first.last_registration?.values.map((v) => v.value)).toEqual([12.4]);

    // Before the set started, and after it ends, the room has no running sample plants.
    expect((await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId, room_id: p.roomId, week: week(-2) })).json().plants).toEqual([]);
    expect((await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId, room_id: p.roomId, week: week(3) })).json().plants).toEqual([]);
  });

  it('a room without plantings answers no plants; another company\'s room is 404, another company id 403', async () => {
    const empty = await kit.room(a, 'Empty room');
    const none = await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId, room_id: empty });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().plants).toEqual([]);
    const theirs = await place(b, 'Their room');
    expect((await get('/room_sample_plants', a.admin.auth, { company_id: a.companyId, room_id: theirs.roomId })).statusCode).toBe(404);
    expect((await get('/room_sample_plants', a.admin.auth, { company_id: b.companyId, room_id: theirs.roomId })).statusCode).toBe(403);
  });

  it('bad input: a missing or huge room id, a week that is not a Monday or not a date → 400 naming the field', async () => {
    const missing = await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('room_id');
    const huge = await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId, room_id: 2 ** 31 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('room_id');
    const room = await kit.room(a, 'Week room');
    for (const bad of [addDays(W, 1), '2026-02-30', 'next week', 'x\u0000']) {
      const res = await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId, room_id: room, week: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('week');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/crop_registration/room_sample_plants?company_id=${a.companyId}&room_id=${room}` })).statusCode).toBe(401);
  });
});

const png = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7d2c' } }).png().toBuffer();
function photoForm(fields: Record<string, string | number>, image?: Buffer | string) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
  if (image !== undefined) f.append('photo', new Blob([image]), 'plant.png');
  return f;
}
const postPhoto = (auth: Auth, form: FormData, headers: Auth = {}) =>
  t.app.inject({ method: 'POST', url: '/api/crop_registration/registrations/photo', headers: { ...auth, ...headers }, payload: form as never });

describe('a registration\'s photo and the plant\'s history', () => {
  it('keeps one photo per plant and week (a new one replaces it and its files), shown on the walk, the map and the history', async () => {
    const p = await place(a, 'Photo room');
    const sp = p.plants[0]!.sample_plant_id;
    await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: week(-1), values: [{ type_id: p.type('stem_diameter'), value: '11' }] });
    await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: sp, week: week(0), values: [{ type_id: p.type('stem_diameter'), value: '10.5' }] });

    const first = await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: sp, week: week(0) }, await png()), { 'idempotency-key': 'photo-1' });
    expect(first.statusCode, first.body).toBe(200);
    const photo = first.json().photo as { image_url: string; thumb_url: string };
    expect(first.json()).toMatchObject({ message: 'Photo saved.', sample_plant_id: sp, week: week(0) });
    const key = (url: string) => new URL(url, 'http://x').searchParams.get('key')!;
    expect(key(photo.image_url)).toMatch(new RegExp(`^company-${a.companyId}/crop-registration/${sp}/`));
    const thumb = await t.app.inject({ method: 'GET', url: '/api/image', headers: a.regular.auth, query: { key: key(photo.thumb_url) } });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    // The same key again (the outbox resending) answers the first answer, no second photo.
    const again = await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: sp, week: week(0) }, await png()), { 'idempotency-key': 'photo-1' });
    expect(again.json().photo).toEqual(photo);

    const walk = (await get('/walk', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId, week: week(0) })).json().walk;
    expect(walk.plants[0].photo).toEqual(photo);
    expect(walk.plants[1].photo).toBeNull();
    const map = (await get('/room_sample_plants', a.regular.auth, { company_id: a.companyId, room_id: p.roomId })).json().plants;
    expect(map[0].last_registration.photo).toEqual(photo);

    // A new photo of the week replaces the old one; the old files are gone.
    const second = await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: sp, week: week(0) }, await png()));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().photo.image_url).not.toBe(photo.image_url);
    expect(await t.app.files.exists(key(photo.image_url))).toBe(false);
    expect(await t.app.files.exists(key(photo.thumb_url))).toBe(false);
    expect(await t.app.db.selectFrom('crop_registration_photos').select('week').where('sample_plant_id', '=', sp).execute()).toHaveLength(1);

    const history = await get('/sample_plant_history', a.regular.auth, { company_id: a.companyId, sample_plant_id: sp });
    expect(history.statusCode, history.body).toBe(200);
    const weeks = history.json().weeks as Array<{ week: string; values: Array<{ name: string; value: number }>; photo: unknown }>;
    expect(weeks.map((w) => w.week)).toEqual([week(0), week(-1)]);
    expect(weeks[0]!.photo).toEqual(second.json().photo);
    expect(weeks[0]!.values).toEqual([{ type_id: p.type('stem_diameter'), name: 'Stem diameter', unit: 'mm', kind: 'number', value: 10.5, out_of_range: false }]);
    expect(weeks[1]!.photo).toBeNull();
    expect((await get('/sample_plant_history', a.regular.auth, { company_id: a.companyId, sample_plant_id: sp, weeks: 1 })).json().weeks).toHaveLength(1);
  });

  it('refuses a non-image, a missing photo, a week outside the set, another company\'s plant and another company id', async () => {
    const p = await place(a, 'Photo checks');
    const sp = p.plants[0]!.sample_plant_id;
    const notImage = await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: sp, week: week(0) }, 'GIF89a? no'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ message: 'photo must be a JPEG, PNG or WebP image.', field: 'photo' });
    const none = await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: sp, week: week(0) }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('photo is required.');
    const outside = await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: sp, week: week(-5) }, await png()));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().field).toBe('week');
    const notMonday = await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: sp, week: addDays(W, 2) }, await png()));
    expect(notMonday.statusCode).toBe(400);
    expect(notMonday.json().message).toContain('week');
    const huge = await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: 2 ** 31, week: week(0) }, await png()));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('sample_plant_id');

    const theirs = await place(b, 'Their photo room');
    const other = theirs.plants[0]!.sample_plant_id;
    expect((await postPhoto(a.regular.auth, photoForm({ company_id: a.companyId, sample_plant_id: other, week: week(0) }, await png()))).statusCode).toBe(404);
    expect((await postPhoto(a.regular.auth, photoForm({ company_id: b.companyId, sample_plant_id: other, week: week(0) }, await png()))).statusCode).toBe(403);
    expect((await get('/sample_plant_history', a.regular.auth, { company_id: a.companyId, sample_plant_id: other })).statusCode).toBe(404);
    expect((await get('/sample_plant_history', a.regular.auth, { company_id: b.companyId, sample_plant_id: other })).statusCode).toBe(403);
    const tooMany = await get('/sample_plant_history', a.regular.auth, { company_id: a.companyId, sample_plant_id: sp, weeks: 53 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('weeks');
    expect(await t.app.db.selectFrom('crop_registration_photos').select('week').where('company_id', '=', a.companyId).where('sample_plant_id', '=', sp).execute()).toEqual([]);
  });
});
