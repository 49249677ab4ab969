import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';
import { makeFacility } from '../../test/fixtures/sub-gridboxes.fixtures.js';

/**
 * Forgiving search (issue 25): a typo or a missing letter still finds plants, batches, varieties, boxes and
 * problems, by pg_trgm similarity — after every exact, prefix and anywhere match, the most alike first — on the
 * embedded database and on PostgreSQL alike (this file runs on both: TEST_DATABASE_URL).
 */

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let gorilla: number;
let gelato: number;
let mistBox: number;
let plantId: number;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  const db = t.app.db;
  gorilla = await makeBatch(t.app, a.companyId, { batchNumber: 'GG-2026-01', strain: 'Gorilla Glue #4', status: 'Vegetative' });
  gelato = await makeBatch(t.app, a.companyId, { batchNumber: 'GL-2026-02', strain: 'Green Gelato' });
  await makeBatch(t.app, a.companyId, { batchNumber: 'TM-2026-03', strain: 'Tomato Cherry' });
  const place = await makeFacility(t.app, a.companyId, { roomName: 'Propagation', gridName: 'Bench A', nx: 2, ny: 1 });
  mistBox = place.box(1, 1);
  await db.updateTable('grid_boxes').set({ custom_name: 'Mist tent north' }).where('grid_box_id', '=', mistBox).execute();
  await db.insertInto('sub_gridboxes').values({
    company_id: a.companyId, parent_gridbox_id: place.box(2, 1), subx: 1, suby: 1, custom_name: 'Mother plant corner', created_at: new Date(), updated_at: new Date(),
  }).execute();
  plantId = (await db.insertInto('plants').values({ company_id: a.companyId, plant_uid: 'MOM-00417', created_at: new Date() }).returning('plant_id').executeTakeFirstOrThrow()).plant_id;
  await db.insertInto('plants').values({ company_id: a.companyId, plant_uid: 'MOM-00418', created_at: new Date() }).execute();
  // Company B's look-alikes: never found for A.
  await makeBatch(t.app, b.companyId, { batchNumber: 'GG-SECRET', strain: 'Gorilla Glue Secret' });
  await db.insertInto('plants').values({ company_id: b.companyId, plant_uid: 'MOM-00419', created_at: new Date() }).execute();
});
afterAll(() => t.close());

const get = async (path: string, query: Record<string, string | number | boolean>, auth: Record<string, string> = a.regular.auth) => {
  const res = await t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  return res;
};
async function suggest(query: string, more: Record<string, string | number | boolean> = {}): Promise<SearchHit[]> {
  const res = await get('/search_plants_autocomplete', { company_id: a.companyId, query, ...more });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().suggestions;
}
async function search(term: string, type: string): Promise<SearchHit[]> {
  const res = await get('/search_plants', { company_id: a.companyId, search_term: term, search_type: type });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}
const labels = (hits: SearchHit[]) => hits.map((h) => `${h.type}:${h.label}`);

describe('forgiving search', () => {
  it("finds the variety 'Gorilla Glue #4' from 'Gorila Glu' (a missing letter in each word), and only A's", async () => {
    const hits = await suggest('Gorila Glu');
    expect(hits[0]).toMatchObject({ type: 'batch', id: gorilla, label: 'GG-2026-01', sublabel: 'Vegetative · Gorilla Glue #4', BatchID: gorilla });
    expect(hits.map((h) => h.id)).not.toContain(gelato);
    expect(JSON.stringify(hits)).not.toContain('SECRET');
    expect((await search('Gorila Glu', 'variety')).map((h) => h.id)).toEqual([gorilla]);
    expect((await search('gorrilla', 'crop')).map((h) => h.id)).toEqual([gorilla]);
  });

  it("finds the problem 'Powdery mildew' from 'powdry mildw', the library's own name, before less alike ones", async () => {
    const hits = (await suggest('powdry mildw')).filter((h) => h.type === 'problem');
    expect(hits[0]).toMatchObject({ type: 'problem', label: 'Powdery mildew' });
    expect((await search('powdry mildw', 'auto')).find((h) => h.type === 'problem')?.label).toBe('Powdery mildew');
    // A letter too many, one too few.
    expect((await suggest('Aphidss')).find((h) => h.type === 'problem')?.label).toMatch(/aphid/i);
    expect((await suggest('spidr mites')).find((h) => h.type === 'problem')?.label).toMatch(/spider mite/i);
  });

  it('finds boxes and sub-boxes by a misspelt name, and a plant by a uid with a missing digit', async () => {
    expect(labels(await suggest('Mst tent'))).toContain('gridbox:Mist tent north');
    expect((await suggest('Mst tent', { include_problems: false }))[0]).toMatchObject({ type: 'gridbox', id: mistBox });
    expect(labels(await suggest('Mothr plant'))).toContain('subgridbox:Mother plant corner');
    const plants = (await suggest('MOM-0417')).filter((h) => h.type === 'plant');
    expect(plants[0]).toMatchObject({ type: 'plant', id: plantId, label: 'MOM-00417' });
    expect(plants.map((h) => h.label)).not.toContain('MOM-00419');
    expect((await search('MOM-0417', 'plant'))[0]).toMatchObject({ id: plantId });
  });

  it('puts what matches as typed before anything only alike; a uid found as typed is the one meant', async () => {
    expect(labels(await suggest('MOM-00418', { include_problems: false }))).toEqual(['plant:MOM-00418']);
    const green = await suggest('Green Gel', { include_problems: false });
    expect(labels(green)[0]).toBe('batch:GL-2026-02');
    // 'Mist tent' as typed, then the sub-box only alike by its first word.
    const mist = await suggest('Mist tent', { include_problems: false });
    expect(mist[0]).toMatchObject({ type: 'gridbox', id: mistBox });
  });

  it('forgives nothing under 4 characters, and finds nothing for a word like no name', async () => {
    expect(await suggest('Gri', { include_problems: false })).toEqual([]);
    expect(await suggest('zqxwv')).toEqual([]);
  });

  it("refuses another company's id and bad input as before", async () => {
    expect((await get('/search_plants_autocomplete', { company_id: b.companyId, query: 'Gorila Glu' })).statusCode).toBe(403);
    const short = await get('/search_plants_autocomplete', { company_id: a.companyId, query: 'G' });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('query');
    const nul = await get('/search_plants_autocomplete', { company_id: a.companyId, query: 'Gor\u0000ila' });
    expect(nul.statusCode).toBe(400);
  });
});
