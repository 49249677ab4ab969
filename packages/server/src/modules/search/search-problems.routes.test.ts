import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language, SearchHit } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { ES } from '../../db/migrations/data/i18n/es.js';
import { NL } from '../../db/migrations/data/i18n/nl.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let wftId: number;

const setLanguage = (userId: number, language: Language | null) => t.app.db.updateTable('users').set({ language }).where('user_id', '=', userId).execute();

async function suggest(tenant: Tenant, query: string, more: Record<string, string> = {}): Promise<SearchHit[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/search_plants_autocomplete', headers: tenant.regular.auth, query: { company_id: String(tenant.companyId), query, ...more } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().suggestions;
}

async function search(tenant: Tenant, term: string, type = 'auto'): Promise<SearchHit[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/search_plants', headers: tenant.regular.auth, query: { company_id: String(tenant.companyId), search_term: term, search_type: type } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

const problems = (hits: SearchHit[]) => hits.filter((h) => h.type === 'problem');

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  wftId = (await t.app.db.selectFrom('plant_problems').select('problem_id').where('slug', '=', 'western-flower-thrips').where('company_id', 'is', null).executeTakeFirstOrThrow()).problem_id;
  await t.app.db.insertInto('plant_problems').values({ company_id: b.companyId, slug: 'thrips-on-roses', name: 'Thrips on roses B', category: 'insect' }).execute();
});
afterAll(() => t.close());

describe('search finds plant problems', () => {
  it("finds 'Thrips' in English: the library problem, linked by its id, labelled by name and category", async () => {
    await setLanguage(a.regular.user_id, null);
    const hits = problems(await suggest(a, 'Thrips'));
    expect(hits[0]).toEqual({ type: 'problem', id: wftId, label: 'Western flower thrips', sublabel: 'Insect', ProblemID: wftId });
    expect(problems(await search(a, 'thrips')).map((h) => h.id)).toContain(wftId);
  });

  it("finds 'trips' and 'Thrips' for a Spanish reader, answering the Spanish name with the English one below", async () => {
    await setLanguage(a.regular.user_id, 'es');
    const wft = ES.problems['western-flower-thrips']!;
    for (const term of ['trips', 'Thrips', 'TRIPS OCC']) {
      const hit = problems(await suggest(a, term)).find((h) => h.id === wftId);
      expect(hit, term).toMatchObject({ label: wft.name, sublabel: `${ES.categories.insect} · Western flower thrips` });
    }
    // Accents do not matter: the Spanish name of the broad mite is found without them.
    const broad = ES.problems['broad-mite']!.name;
    const plain = broad.normalize('NFD').replace(/\p{M}/gu, '');
    expect(problems(await suggest(a, plain)).map((h) => h.label)).toContain(broad);
  });

  it('finds a problem by synonym and by library abbreviation, in Dutch too', async () => {
    await setLanguage(a.regular.user_id, 'nl');
    expect(problems(await suggest(a, 'spider mites')).map((h) => h.label)).toContain(NL.problems['two-spotted-spider-mite']!.name);
    expect(problems(await suggest(a, 'WFT'))[0]).toMatchObject({ id: wftId, label: NL.problems['western-flower-thrips']!.name });
  });

  it("finds a company's own problem for that company only, and leaves problems out when asked to or for plant searches", async () => {
    expect(problems(await suggest(b, 'roses')).map((h) => h.label)).toEqual(['Thrips on roses B']);
    expect(problems(await suggest(a, 'roses'))).toEqual([]);
    expect(problems(await suggest(a, 'thrips', { include_problems: 'false' }))).toEqual([]);
    expect(problems(await search(a, 'thrips', 'plant'))).toEqual([]);
  });

  it('refuses a bad include_problems flag, naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search_plants_autocomplete', headers: a.regular.auth, query: { company_id: String(a.companyId), query: 'thrips', include_problems: 'maybe' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('include_problems');
  });

  it("refuses another company's id", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search_plants_autocomplete', headers: a.regular.auth, query: { company_id: String(b.companyId), query: 'thrips' } });
    expect(res.statusCode).toBe(403);
  });
});
