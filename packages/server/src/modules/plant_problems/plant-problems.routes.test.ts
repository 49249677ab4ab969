import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { PLANT_PROBLEM_LIBRARY } from '../../db/migrations/data/plant-problem-library.js';

/** The library's own colour of a problem (the palette is chosen in the data, not here). */
const libraryColour = (slug: string) => PLANT_PROBLEM_LIBRARY.find((p) => p.slug === slug)!.defaultColor;

let t: TestApp;
let a: Tenant;
let b: Tenant;
const kit = facilityKit(() => t.app);
const { call, formPost } = kit;

async function ownProblem(companyId: number, name: string) {
  const row = await t.app.db
    .insertInto('plant_problems')
    .values({ company_id: companyId, slug: name.toLowerCase().replace(/\W+/g, '-'), name, category: 'insect' })
    .returning('problem_id')
    .executeTakeFirstOrThrow();
  const symptom = await t.app.db.selectFrom('symptoms').select('symptom_id').where('name', '=', 'Fine pale stippling or speckling').executeTakeFirstOrThrow();
  await t.app.db.insertInto('plant_problem_symptoms').values({ problem_id: row.problem_id, symptom_id: symptom.symptom_id }).execute();
  return row.problem_id;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

describe('the library', () => {
  it('loads at least 40 problems with symptoms, colour symptoms and IPM solutions', async () => {
    const res = await call('GET', '/plant_problems/load_plant_problems', a.regular.auth, { company_id: a.companyId });
    expect(res.statusCode, res.body).toBe(200);
    const { problems } = res.json();
    expect(problems.length).toBeGreaterThanOrEqual(40);
    const mite = problems.find((p: { slug: string }) => p.slug === 'two-spotted-spider-mite');
    expect(mite).toMatchObject({ company_id: null, category: 'mite', default_color: libraryColour('two-spotted-spider-mite'), custom_solutions: [] });
    expect(mite.symptoms.length).toBeGreaterThan(0);
    expect(mite.color_symptoms[0]).toMatchObject({ name: expect.any(String), hex: expect.stringMatching(/^#/) });
    expect(mite.solutions.biological.join(' ')).toContain('Phytoseiulus persimilis');
  });

  it('narrows to one slug, answers 404 for an unknown slug and works without company_id', async () => {
    const one = await call('GET', '/plant_problems/load_plant_problems', a.regular.auth, { slug: 'powdery-mildew' });
    expect(one.json().problems).toHaveLength(1);
    expect(one.json().problems[0].name).toBe('Powdery mildew');
    const none = await call('GET', '/plant_problems/load_plant_problems', a.regular.auth, { slug: 'no-such-problem' });
    expect(none.statusCode).toBe(404);
  });

  it("lists symptom groups with symptoms and colour symptoms", async () => {
    const groups = (await call('GET', '/plant_problems/get_symptom_groups', a.regular.auth)).json().symptom_groups;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['Leaves', 'Stems', 'Roots', 'Flowers/Fruit', 'Whole plant', 'Insects visible']);
    expect(groups[0].symptoms.length).toBeGreaterThan(5);
    const colors = (await call('GET', '/plant_problems/get_color_symptoms', a.regular.auth)).json().color_symptoms;
    expect(colors.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Yellowing', 'Bronzing', 'Silvering', 'White powder', 'Black sooty']));
  });
});

describe('filtering', () => {
  it('filters by group, by symptom and by both; unknown ids are 404', async () => {
    const groups = (await call('GET', '/plant_problems/get_symptom_groups', a.regular.auth)).json().symptom_groups;
    const insects = groups.find((g: { name: string }) => g.name === 'Insects visible');
    const webbing = insects.symptoms.find((s: { name: string }) => s.name.includes('webbing'));
    const byGroup = (await call('GET', '/plant_problems/filter_plant_problems', a.regular.auth, { symptom_group_id: insects.symptom_group_id })).json().problems;
    expect(byGroup.map((p: { slug: string }) => p.slug)).toContain('western-flower-thrips');
    expect(byGroup.map((p: { slug: string }) => p.slug)).not.toContain('powdery-mildew');
    const bySymptom = await call('GET', '/plant_problems/filter_plant_problems', a.regular.auth, { symptom_id: webbing.symptom_id });
    expect(bySymptom.json().problems.map((p: { slug: string }) => p.slug)).toEqual(['two-spotted-spider-mite']);
    const both = await call('GET', '/plant_problems/filter_plant_problems', a.regular.auth, { symptom_group_id: groups[2].symptom_group_id, symptom_id: webbing.symptom_id });
    expect(both.json().problems).toEqual([]);
    const all = await call('GET', '/plant_problems/filter_plant_problems', a.regular.auth);
    expect(all.json().problems.length).toBeGreaterThanOrEqual(40);
    expect((await call('GET', '/plant_problems/filter_plant_problems', a.regular.auth, { symptom_group_id: 99999 })).statusCode).toBe(404);
    expect((await call('GET', '/plant_problems/filter_plant_problems', a.regular.auth, { symptom_id: 99999 })).statusCode).toBe(404);
    expect((await call('GET', '/plant_problems/filter_plant_problems', a.regular.auth, { symptom_id: 'x' })).json()).toMatchObject({ field: 'symptom_id' });
  });

  it("includes a company's own problems for that company only", async () => {
    await ownProblem(a.companyId, 'Marker Beetle A');
    const forA = (await call('GET', '/plant_problems/load_plant_problems', a.regular.auth)).json().problems;
    expect(forA.some((p: { name: string }) => p.name === 'Marker Beetle A')).toBe(true);
    for (const path of ['/plant_problems/load_plant_problems', '/plant_problems/filter_plant_problems']) {
      const forB = await call('GET', path, b.regular.auth);
      expect(forB.body).not.toContain('Marker Beetle A');
    }
  });
});

describe('custom solutions', () => {
  const add = (auth: object, query: Record<string, string | number>, text?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/plant_problems/add_custom_solution',
      headers: { ...(auth as Record<string, string>), 'content-type': 'application/x-www-form-urlencoded' },
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      payload: text === undefined ? '' : new URLSearchParams({ custom_solution: text }).toString(),
    });

  it('adds a solution visible to its company only, with an audit event', async () => {
    const thrips = (await call('GET', '/plant_problems/load_plant_problems', a.admin.auth, { slug: 'western-flower-thrips' })).json().problems[0];
    const res = await add(a.admin.auth, { company_id: a.companyId, problem_id: thrips.problem_id }, '  Release Orius laevigatus in bay 3 from week 12.  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success', message: 'Custom solution added.',
      custom_solution: { problem_id: thrips.problem_id, custom_solution: 'Release Orius laevigatus in bay 3 from week 12.', created_by: a.admin.user_id, created_by_name: 'Test Admin' },
    });
    const again = (await call('GET', '/plant_problems/load_plant_problems', a.regular.auth, { slug: 'western-flower-thrips' })).json().problems[0];
    expect(again.custom_solutions).toHaveLength(1);
    const forB = (await call('GET', '/plant_problems/load_plant_problems', b.regular.auth, { slug: 'western-flower-thrips' })).json().problems[0];
    expect(forB.custom_solutions).toEqual([]);
    const audit = await t.app.db.selectFrom('audit_events').select('action').where('company_id', '=', a.companyId).where('action', '=', 'plant_problem.custom_solution_added').execute();
    expect(audit).toHaveLength(1);
  });

  it('names bad input, refuses Regulars, other companies and their problems', async () => {
    const own = await ownProblem(a.companyId, 'Marker Weevil A');
    expect((await add(a.admin.auth, { company_id: a.companyId, problem_id: own }, '')).json()).toMatchObject({ message: 'custom_solution is required.', field: 'custom_solution' });
    expect((await add(a.admin.auth, { company_id: a.companyId, problem_id: own }, 'x'.repeat(4001))).json().field).toBe('custom_solution');
    expect((await add(a.admin.auth, { company_id: a.companyId }, 'x')).json()).toMatchObject({ message: 'problem_id is required.' });
    expect((await add(a.admin.auth, { problem_id: own }, 'x')).json()).toMatchObject({ message: 'company_id is required.' });
    expect((await add(a.regular.auth, { company_id: a.companyId, problem_id: own }, 'x')).statusCode).toBe(403);
    expect((await add(b.admin.auth, { company_id: a.companyId, problem_id: own }, 'x')).statusCode).toBe(403);
    expect((await add(b.admin.auth, { company_id: b.companyId, problem_id: own }, 'x')).statusCode).toBe(404);
    expect((await call('GET', '/plant_problems/load_plant_problems', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await formPost('/plant_problems/add_custom_solution', b.superAdmin.auth, { custom_solution: 'x' })).statusCode).toBe(400);
  });
});
