import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let place: FacilityFixture;
let plantId: number;
let subId: number;
let batchId: number;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  const db = t.app.db;
  place = await makeFacility(t.app, a.companyId, { roomName: 'Flower Room', gridName: 'Bench A', nx: 2, ny: 1 });
  await db.updateTable('grid_boxes').set({ custom_name: 'Mother box' }).where('grid_box_id', '=', place.box(1, 1)).execute();
  await db.updateTable('grid_boxes').set({ custom_name: 'Box 100%' }).where('grid_box_id', '=', place.box(2, 1)).execute();
  plantId = (await db.insertInto('plants').values({ company_id: a.companyId, plant_uid: 'PLT-0001', created_at: new Date() }).returning('plant_id').executeTakeFirstOrThrow()).plant_id;
  await db.insertInto('plants').values({ company_id: a.companyId, plant_uid: 'XPLT-0001X', created_at: new Date() }).execute();
  subId = (await db.insertInto('sub_gridboxes').values({
    company_id: a.companyId, parent_gridbox_id: place.box(1, 1), subx: 1, suby: 1, custom_name: 'Mother sub', plant_id: plantId,
    created_at: new Date(), updated_at: new Date(),
  }).returning('sub_gridbox_id').executeTakeFirstOrThrow()).sub_gridbox_id;
  batchId = await makeBatch(t.app, a.companyId, { batchNumber: 'MOTHER-7', strain: 'Tomato Cherry', status: 'Vegetative' });
  await makeBatch(t.app, a.companyId, { batchNumber: 'B-2', strain: 'Basil Tomato' });
  // Company B has look-alikes that must never show up for A.
  const other = await makeFacility(t.app, b.companyId, { roomName: 'Secret room' });
  await db.updateTable('grid_boxes').set({ custom_name: 'Mother secret' }).where('grid_box_id', '=', other.box(1, 1)).execute();
  await db.insertInto('plants').values({ company_id: b.companyId, plant_uid: 'PLT-0002', created_at: new Date() }).execute();
  await makeBatch(t.app, b.companyId, { batchNumber: 'MOTHER-SECRET', strain: 'Tomato Secret' });
});
afterAll(() => t.close());

const get = (path: string, auth: object, query: Record<string, string | number | boolean>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth as Record<string, string>, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const suggest = (query: Record<string, string | number | boolean>, auth: object = a.regular.auth) =>
  get('/search_plants_autocomplete', auth, { company_id: a.companyId, ...query });
const search = (query: Record<string, string | number | boolean>, auth: object = a.regular.auth) =>
  get('/search_plants', auth, { company_id: a.companyId, ...query });

describe('GET /search_plants_autocomplete', () => {
  it('finds a plant by uid with where it stands, exact and prefix matches first', async () => {
    const res = await suggest({ query: '  plt-0001 ' });
    expect(res.statusCode, res.body).toBe(200);
    const { suggestions, total_suggestions } = res.json();
    expect(suggestions.map((s: { label: string }) => s.label)).toEqual(['PLT-0001', 'XPLT-0001X']);
    expect(total_suggestions).toBe(2);
    expect(suggestions[0]).toEqual({
      type: 'plant', id: plantId, label: 'PLT-0001', sublabel: 'Flower Room · Bench A · Mother box', plant_uid: 'PLT-0001',
      RoomID: place.roomId, GridID: place.gridId, GridBoxID: place.box(1, 1),
    });
  });

  it('places a moved plant once, at its live sub-box (a deleted sub-box that held it is no place)', async () => {
    const db = t.app.db;
    const moved = (await db.insertInto('plants').values({ company_id: a.companyId, plant_uid: 'KEPT-9', created_at: new Date() }).returning('plant_id').executeTakeFirstOrThrow()).plant_id;
    const now = new Date();
    await db.insertInto('sub_gridboxes').values({
      company_id: a.companyId, parent_gridbox_id: place.box(1, 1), subx: 2, suby: 1, plant_id: moved, created_at: now, updated_at: now, deleted_at: now,
    }).execute();
    await db.insertInto('sub_gridboxes').values({ company_id: a.companyId, parent_gridbox_id: place.box(2, 1), subx: 1, suby: 1, plant_id: moved, created_at: now, updated_at: now }).execute();
    const res = await suggest({ query: 'KEPT-9', include_gridboxes: false, include_subgridboxes: false, include_batches: false, include_problems: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().suggestions).toEqual([expect.objectContaining({ type: 'plant', id: moved, GridBoxID: place.box(2, 1) })]);
  });

  it('finds grid boxes, sub-boxes and batches, each kind switchable', async () => {
    const all = (await suggest({ query: 'mother' })).json().suggestions;
    expect(all.map((s: { type: string; id: number }) => [s.type, s.id])).toEqual([
      ['gridbox', place.box(1, 1)], ['subgridbox', subId], ['batch', batchId],
    ]);
    expect(all[1]).toMatchObject({ plant_uid: 'PLT-0001', RoomID: place.roomId, GridBoxID: place.box(1, 1), sublabel: 'Flower Room · Bench A · Mother box' });
    expect(all[2]).toMatchObject({ label: 'MOTHER-7', sublabel: 'Vegetative · Tomato Cherry', BatchID: batchId });

    const none = await suggest({ query: 'mother', include_gridboxes: false, include_subgridboxes: 'false', include_batches: 0 });
    expect(none.json()).toEqual({ status: 'success', suggestions: [], total_suggestions: 0 });
    const limited = await suggest({ query: 'mother', limit: 1 });
    expect(limited.json().suggestions).toHaveLength(1);
  });

  it('matches % and _ literally', async () => {
    const pct = (await suggest({ query: '00%' })).json().suggestions;
    expect(pct.map((s: { label: string }) => s.label)).toEqual(['Box 100%']);
    // '_' is no wildcard: 'T_0' holds no uid. (From 4 characters a typo is forgiven: 'PLT_0' offers PLT-0001 as alike.)
    expect((await suggest({ query: 'T_0' })).json().suggestions).toEqual([]);
  });

  it('matches a two-character query at the start of a uid, name, batch number or strain only', async () => {
    const labels = async (query: string) => (await suggest({ query, include_problems: false })).json().suggestions.map((s: { label: string }) => s.label);
    expect(await labels('pl')).toEqual(['PLT-0001']);
    expect(await labels('Mo')).toEqual(['Mother box', 'Mother sub', 'MOTHER-7']);
    expect(await labels('To')).toEqual(['MOTHER-7']); // strain 'Tomato Cherry'; 'Basil Tomato' has it in the middle
    expect(await labels('0%')).toEqual([]);
    expect(await labels('01')).toEqual([]);
  });

  it('refuses a query under 2 characters after trimming, and a bad limit, naming the field', async () => {
    const short = await suggest({ query: ' a ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('query');
    expect((await get('/search_plants_autocomplete', a.regular.auth, { company_id: a.companyId })).json().message).toBe('query is required.');
    const limit = await suggest({ query: 'mother', limit: 51 });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toContain('limit');
  });

  it("answers 403 for another company's id and never returns its data", async () => {
    expect((await suggest({ query: 'mother' }, b.regular.auth)).statusCode).toBe(403);
    const own = await get('/search_plants_autocomplete', b.regular.auth, { company_id: b.companyId, query: 'mother' });
    expect(own.json().suggestions.map((s: { label: string }) => s.label)).toEqual(['Mother secret', 'MOTHER-SECRET']);
    const mine = JSON.stringify((await suggest({ query: 'secret' })).json());
    expect(mine).not.toMatch(/secret/i);
  });
});

describe('GET /search_plants', () => {
  it('searches plants, varieties and crops; an unknown type is auto', async () => {
    const plants = (await search({ search_term: 'plt', search_type: 'plant' })).json().results;
    expect(plants.map((r: { type: string }) => r.type)).toEqual(['plant', 'plant']);

    const variety = (await search({ search_term: 'tomato', search_type: 'variety' })).json().results;
    expect(variety.map((r: { label: string }) => r.label)).toEqual(['MOTHER-7', 'B-2']);

    const crop = (await search({ search_term: 'tomato', search_type: 'crop' })).json().results;
    expect(crop).toEqual([{ type: 'batch', id: batchId, label: 'MOTHER-7', sublabel: 'Vegetative · Tomato Cherry', BatchID: batchId }]);

    const auto = await search({ search_term: 'mother', search_type: 'whatever' });
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json().results.map((r: { type: string }) => r.type)).toEqual(['gridbox', 'subgridbox', 'batch']);
    expect((await search({ search_term: 'mother' })).json()).toEqual(auto.json());
  });

  it('refuses a short term, and another company', async () => {
    const short = await search({ search_term: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('search_term');
    expect((await search({ search_term: 'mother' }, b.admin.auth)).statusCode).toBe(403);
    const leaked = await t.app.db.selectFrom('plants').select(sql<number>`count(*)`.as('n')).where('company_id', '=', b.companyId).executeTakeFirstOrThrow();
    expect(Number(leaked.n)).toBe(1);
  });
});
