import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_ABBREVIATIONS, SEVERITY_SCALE_MAX, SEVERITY_SCALE_MIN } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { demoSeeders } from '../first-start.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the demo speaks the library vocabulary', () => {
  it('records only library problems, on the 1–5 scale, mapped in the library colour and abbreviation', async () => {
    const c = await makeTenant(t.app);
    const ctx = { companyId: c.companyId, userId: c.superAdmin.user_id };
    for (const seed of demoSeeders) await seed(t.app, ctx);

    const library = await t.app.db.selectFrom('plant_problems').select(['problem_id', 'slug', 'name', 'default_color']).where('company_id', 'is', null).execute();
    const byId = new Map(library.map((p) => [p.problem_id, p]));
    const byName = new Map(library.map((p) => [p.name, p]));

    const observations = await t.app.db.selectFrom('problem_observations').select(['problem', 'problem_id', 'severity', 'source']).where('company_id', '=', c.companyId).execute();
    expect(new Set(observations.map((o) => o.source))).toEqual(new Set(['form', 'batch_problem']));
    for (const o of observations) {
      const known = o.problem_id === null ? undefined : byId.get(o.problem_id);
      expect(known?.name, `observation of '${o.problem}'`).toBe(o.problem);
      expect(o.severity).toBeGreaterThanOrEqual(SEVERITY_SCALE_MIN);
      expect(o.severity).toBeLessThanOrEqual(SEVERITY_SCALE_MAX);
    }

    const mappings = await t.app.db.selectFrom('problem_color_mappings').select(['problem', 'color', 'abbreviation']).where('company_id', '=', c.companyId).execute();
    expect(mappings.length).toBeGreaterThanOrEqual(10);
    for (const m of mappings) {
      const known = byName.get(m.problem);
      expect(known, `mapping of '${m.problem}'`).toBeDefined();
      expect(m.color.toUpperCase()).toBe(known!.default_color?.toUpperCase());
      expect(m.abbreviation).toBe(LIBRARY_ABBREVIATIONS[known!.slug]);
    }
    // Every problem the scouts record is on the map key: one legend entry per problem.
    const mapped = new Set(mappings.map((m) => m.problem));
    for (const o of observations) expect(mapped.has(o.problem), o.problem).toBe(true);
  }, 120_000);
});
