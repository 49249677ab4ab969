import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';
import { makeFacility } from '../../test/fixtures/sub-gridboxes.fixtures.js';

/**
 * Forgiving search, second tier (issue 25; docs/decisions.md, "Forgiving search: transposed letters"): typo shapes
 * that pg_trgm similarity alone misses — two letters swapped in a short word above all — still find the right name,
 * best first, and unrelated short words find nothing. Runs on the embedded database and on PostgreSQL alike
 * (TEST_DATABASE_URL).
 */

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;

const STRAINS = [
  'Brioso', 'Bronco', 'Gorilla Glue #4', 'Green Gelato', 'Northern Lights', 'Basil Genovese', 'Tomato Cherry',
  'Potato Spunta', 'Cucumber Mini', 'Lettuce Butterhead',
];
const batchOf = new Map<string, number>();
let mistBox: number;
let propagationBox: number;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  for (const [i, strain] of STRAINS.entries()) {
    batchOf.set(strain, await makeBatch(t.app, a.companyId, { batchNumber: `T-${100 + i}`, strain }));
  }
  const place = await makeFacility(t.app, a.companyId, { roomName: 'House 1', gridName: 'Bay 1', nx: 3, ny: 1 });
  mistBox = place.box(1, 1);
  propagationBox = place.box(2, 1);
  await t.app.db.updateTable('grid_boxes').set({ custom_name: 'Mist tent north' }).where('grid_box_id', '=', mistBox).execute();
  await t.app.db.updateTable('grid_boxes').set({ custom_name: 'Propagation bench' }).where('grid_box_id', '=', propagationBox).execute();
  await t.app.db.insertInto('sub_gridboxes').values({
    company_id: a.companyId, parent_gridbox_id: place.box(3, 1), subx: 1, suby: 1, custom_name: 'Clone rack', created_at: new Date(), updated_at: new Date(),
  }).execute();
  // Company B's look-alikes: never found for A.
  await makeBatch(t.app, b.companyId, { batchNumber: 'SECRET-1', strain: 'Brioso Secret' });
  const theirs = await makeFacility(t.app, b.companyId, { roomName: 'Theirs', gridName: 'Theirs', nx: 1, ny: 1 });
  await t.app.db.updateTable('grid_boxes').set({ custom_name: 'Mist tent SECRET' }).where('grid_box_id', '=', theirs.box(1, 1)).execute();
});
afterAll(() => t.close());

async function suggest(query: string, more: Record<string, string | number | boolean> = {}): Promise<SearchHit[]> {
  const q = Object.fromEntries(Object.entries({ company_id: a.companyId, query, ...more }).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({ method: 'GET', url: '/api/search_plants_autocomplete', headers: a.regular.auth, query: q });
  expect(res.statusCode, res.body).toBe(200);
  const hits: SearchHit[] = res.json().suggestions;
  expect(JSON.stringify(hits)).not.toContain('SECRET');
  return hits;
}
async function search(term: string, type: string): Promise<SearchHit[]> {
  const q = { company_id: String(a.companyId), search_term: term, search_type: type };
  const res = await t.app.inject({ method: 'GET', url: '/api/search_plants', headers: a.regular.auth, query: q });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}
const strainOf = (h: SearchHit | undefined) => (h?.type === 'batch' ? STRAINS.find((s) => batchOf.get(s) === h.id) : undefined);

describe('forgiving search: typo shapes find the right name first', () => {
  const strains: Array<[shape: string, typed: string, meant: string]> = [
    ['two letters swapped in a short word', 'Broiso', 'Brioso'],
    ['the first two swapped', 'rBioso', 'Brioso'],
    ['the last two swapped', 'Brioos', 'Brioso'],
    ['swapped in the short second word', 'Gorilla Gleu', 'Gorilla Glue #4'],
    ['swapped in both words', 'Nrothern Lihgts', 'Northern Lights'],
    ['a letter missing, the last word unfinished', 'Gorila Glu', 'Gorilla Glue #4'],
    ['a doubled letter', 'Gorrilla', 'Gorilla Glue #4'],
    ['a doubled letter, second word', 'Gelatto', 'Green Gelato'],
    ['a wrong vowel', 'Grean Gelato', 'Green Gelato'],
    ['a letter missing', 'Cucmber', 'Cucumber Mini'],
    ['a space too many inside a word', 'Gre en Gelato', 'Green Gelato'],
    ['two spaces between words', 'Green  Gelato', 'Green Gelato'],
    ['upper case and swapped', 'BROISO', 'Brioso'],
    ['swapped, lower case', 'basil gneovese', 'Basil Genovese'],
  ];
  for (const [shape, typed, meant] of strains) {
    it(`${shape}: '${typed}' → ${meant}`, async () => {
      const hits = await suggest(typed, { include_problems: false });
      expect(strainOf(hits[0]), JSON.stringify(hits.map((h) => h.sublabel ?? h.label))).toBe(meant);
    });
  }

  it("puts 'Brioso' before 'Bronco' for 'Broiso' (one swap, not two wrong letters), in search too", async () => {
    const hits = await suggest('Broiso', { include_problems: false });
    const order = hits.map(strainOf).filter(Boolean);
    expect(order[0]).toBe('Brioso');
    expect(order.indexOf('Bronco') === -1 || order.indexOf('Bronco') > 0).toBe(true);
    expect((await search('Broiso', 'variety')).map(strainOf)[0]).toBe('Brioso');
    expect((await search('Nrothern', 'crop')).map(strainOf)).toEqual(['Northern Lights']);
    expect((await search('Broiso', 'auto')).map(strainOf)[0]).toBe('Brioso');
  });

  it('finds boxes and sub-boxes by a name with swapped letters', async () => {
    expect((await suggest('Mits tent', { include_problems: false }))[0]).toMatchObject({ type: 'gridbox', id: mistBox });
    expect((await suggest('Porpagation', { include_problems: false }))[0]).toMatchObject({ type: 'gridbox', id: propagationBox });
    expect((await suggest('Colne rack', { include_problems: false }))[0]).toMatchObject({ type: 'subgridbox', label: 'Clone rack' });
  });

  it('finds problems of the library by swapped letters', async () => {
    const first = async (q: string) => (await suggest(q)).find((h) => h.type === 'problem')?.label;
    expect(await first('pwodery mildew')).toBe('Powdery mildew');
    expect(await first('Whitefyl')).toMatch(/whitefly/i);
    expect(await first('Sipder mites')).toMatch(/spider mite/i);
  });

  it('matches as typed before any typo: an exact name stays first', async () => {
    const hits = await suggest('Brioso', { include_problems: false });
    expect(strainOf(hits[0])).toBe('Brioso');
    expect(hits.map(strainOf)).not.toContain('Bronco');
  });

  it('finds nothing for unrelated short words, nor for a wrong letter in a word of 4', async () => {
    for (const q of ['Mint', 'Test', 'Rose', 'Bean', 'Lime', 'Mite', 'Zebra', 'Rbi']) {
      const hits = await suggest(q, { include_problems: false });
      expect(hits.map((h) => h.sublabel ?? h.label), q).toEqual([]);
    }
    // A real word that is another name: 'Potato' finds the potato only, never the tomato.
    expect((await suggest('Potato', { include_problems: false })).map(strainOf)).toEqual(['Potato Spunta']);
  });

  it("refuses another company's id and names bad input, as before", async () => {
    const other = await t.app.inject({ method: 'GET', url: '/api/search_plants_autocomplete', headers: a.regular.auth, query: { company_id: String(b.companyId), query: 'Broiso' } });
    expect(other.statusCode).toBe(403);
    const long = await t.app.inject({ method: 'GET', url: '/api/search_plants_autocomplete', headers: a.regular.auth, query: { company_id: String(a.companyId), query: 'Broiso'.repeat(20) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('query');
    // The most variants a term may have (32 characters) still answers.
    expect(await suggest('Nrothern Lihgts Nrothern Lihgts'.slice(0, 32), { include_problems: false })).toBeInstanceOf(Array);
  });
});
