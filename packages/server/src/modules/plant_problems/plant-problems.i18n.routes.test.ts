import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { PLANT_PROBLEM_LIBRARY, SYMPTOM_GROUPS } from '../../db/migrations/data/plant-problem-library.js';
import type { LibraryTranslation } from '../../db/migrations/data/i18n/library-translation.js';
import { LIBRARY_TRANSLATIONS, libraryReader } from './plant-problems.i18n.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const kit = facilityKit(() => t.app);
const { call } = kit;

interface WireProblem {
  slug: string;
  name: string;
  display_name: string;
  company_id: number | null;
  category_label: string;
  description: string;
  symptoms: Array<{ name: string }>;
  color_symptoms: Array<{ name: string }>;
  solutions: { cultural: string[]; biological: string[]; chemical: string[] };
}

const setOwnLanguage = (userId: number, language: Language | null) =>
  t.app.db.updateTable('users').set({ language }).where('user_id', '=', userId).execute();

async function setCompanyLanguage(tenant: Tenant, language: Language) {
  const res = await t.app.inject({ method: 'POST', url: '/api/set_company_language', headers: tenant.admin.auth, query: { company_id: String(tenant.companyId), language } });
  expect(res.statusCode, res.body).toBe(200);
}

async function library(tenant: Tenant, who: 'regular' | 'admin' = 'regular'): Promise<WireProblem[]> {
  const res = await call('GET', '/plant_problems/load_plant_problems', tenant[who].auth, { company_id: tenant.companyId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().problems;
}

const tr = (lang: 'es' | 'fr' | 'nl'): LibraryTranslation => LIBRARY_TRANSLATIONS[lang]!;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

describe('the library in the caller’s language', () => {
  it.each(['es', 'fr', 'nl'] as const)('answers every library problem in %s for a user who chose it, keeping the English name as the key', async (lang) => {
    await setOwnLanguage(a.regular.user_id, lang);
    const problems = await library(a);
    const library_ = problems.filter((p) => p.company_id === null);
    expect(library_).toHaveLength(PLANT_PROBLEM_LIBRARY.length);
    for (const en of PLANT_PROBLEM_LIBRARY) {
      const p = library_.find((x) => x.slug === en.slug)!;
      const want = tr(lang).problems[en.slug]!;
      expect(p.name).toBe(en.name);
      expect(p).toMatchObject({ display_name: want.name, description: want.description, solutions: want.solutions, category_label: tr(lang).categories[en.category] });
    }
    const wft = library_.find((p) => p.slug === 'western-flower-thrips')!;
    expect(wft.symptoms.map((s) => s.name)).toContain(tr(lang).symptoms['leaf-silver-streaks']);
    expect(wft.color_symptoms.map((s) => s.name)).toEqual([tr(lang).colorSymptoms.silvering]);
    expect(wft.solutions.chemical.at(-1)).toBe(tr(lang).label);
  });

  it("follows the company's language when the user has not chosen one, and the user's own over it", async () => {
    await setCompanyLanguage(b, 'fr');
    await setOwnLanguage(b.regular.user_id, null);
    await setOwnLanguage(b.admin.user_id, 'nl');
    const mite = (ps: WireProblem[]) => ps.find((p) => p.slug === 'two-spotted-spider-mite')!.display_name;
    expect(mite(await library(b, 'regular'))).toBe(tr('fr').problems['two-spotted-spider-mite']!.name);
    expect(mite(await library(b, 'admin'))).toBe(tr('nl').problems['two-spotted-spider-mite']!.name);
  });

  it('answers English by default and a company’s own problem as it was named, in any language', async () => {
    await setOwnLanguage(a.admin.user_id, null);
    const en = await library(a, 'admin');
    expect(en.find((p) => p.slug === 'western-flower-thrips')).toMatchObject({ name: 'Western flower thrips', display_name: 'Western flower thrips', category_label: 'Insect' });
    await t.app.db.insertInto('plant_problems').values({ company_id: a.companyId, slug: 'leaf-curl-x', name: 'Leaf curl X', category: 'environmental' }).execute();
    await setOwnLanguage(a.admin.user_id, 'es');
    const own = (await library(a, 'admin')).find((p) => p.slug === 'leaf-curl-x')!;
    expect(own).toMatchObject({ name: 'Leaf curl X', display_name: 'Leaf curl X', category_label: tr('es').categories.environmental });
  });

  it('translates the symptom groups, their symptoms and the colour symptoms the filters offer', async () => {
    await setOwnLanguage(a.regular.user_id, 'es');
    const groups = (await call('GET', '/plant_problems/get_symptom_groups', a.regular.auth, {})).json().symptom_groups;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(SYMPTOM_GROUPS.map(([name]) => tr('es').symptomGroups[name].name));
    expect(groups[0].symptoms[0].name).toBe(tr('es').symptoms['leaf-stippling']);
    const colors = (await call('GET', '/plant_problems/get_color_symptoms', a.regular.auth, {})).json().color_symptoms;
    expect(colors.map((c: { name: string }) => c.name)).toContain(tr('es').colorSymptoms.yellowing);
    const filtered = (await call('GET', '/plant_problems/filter_plant_problems', a.regular.auth, { symptom_id: String(groups[0].symptoms[0].symptom_id) })).json().problems;
    expect(filtered.find((p: WireProblem) => p.slug === 'two-spotted-spider-mite').display_name).toBe(tr('es').problems['two-spotted-spider-mite']!.name);
  });
});

describe('libraryReader', () => {
  it('falls back to the stored English text for a language without a translation and for unknown keys', () => {
    const fixture: LibraryTranslation = { ...tr('es'), problems: { 'broad-mite': tr('es').problems['broad-mite']! } };
    const partial = libraryReader('es', { es: fixture });
    expect(partial.problem('broad-mite', null)?.name).toBe(tr('es').problems['broad-mite']!.name);
    expect(partial.problem('russet-mite', null)).toBeUndefined();
    expect(partial.problem('broad-mite', 12)).toBeUndefined();
    expect(partial.symptom('Leaves', 'No such symptom')).toBe('No such symptom');
    const none = libraryReader('fr', {});
    expect(none.category('mite')).toBe('Mite');
    expect(none.category('unheard-of')).toBe('unheard-of');
    expect(none.colorSymptom('Yellowing')).toBe('Yellowing');
    expect(libraryReader('en').group('Leaves')).toBeUndefined();
  });
});
