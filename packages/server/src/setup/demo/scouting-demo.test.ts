import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { seedFacilityDemo } from './facility-demo.js';
import { seedScoutingDemo } from './scouting-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedScoutingDemo', () => {
  it('adds six weeks of scouting with problems, resolutions, sticky-trap counts and comments (no forms seeder needed)', async () => {
    const c = await makeTenant(t.app);
    const ctx = { companyId: c.companyId, userId: c.superAdmin.user_id };
    await seedFacilityDemo(t.app, ctx);
    await seedScoutingDemo(t.app, ctx);
    const stats = await sql<{ responses: number; observations: number; resolved: number; actions: number; problems: number; oldest_days: number; comments: number }>`
      SELECT
        (SELECT count(*)::int FROM form_responses WHERE company_id = ${c.companyId}) AS responses,
        (SELECT count(*)::int FROM problem_observations WHERE company_id = ${c.companyId}) AS observations,
        (SELECT count(*)::int FROM problem_observations WHERE company_id = ${c.companyId} AND status = 'resolved') AS resolved,
        (SELECT count(*)::int FROM observation_actions WHERE company_id = ${c.companyId} AND action = 'resolve') AS actions,
        (SELECT count(DISTINCT problem)::int FROM problem_observations WHERE company_id = ${c.companyId}) AS problems,
        (SELECT extract(day FROM now() - min(observed_at))::int FROM form_responses WHERE company_id = ${c.companyId}) AS oldest_days,
        (SELECT count(*)::int FROM comments WHERE company_id = ${c.companyId}) AS comments`.execute(t.app.db);
    const s = stats.rows[0]!;
    expect(s.responses).toBeGreaterThanOrEqual(60);
    expect(s.observations).toBeGreaterThanOrEqual(60);
    expect(s.resolved).toBeGreaterThan(5);
    expect(s.actions).toBe(s.resolved);
    expect(s.problems).toBeGreaterThanOrEqual(5);
    expect(s.oldest_days).toBeGreaterThan(28);
    expect(s.comments).toBe(5);
    const grid = await t.app.db.selectFrom('grids').select('grid_id').where('company_id', '=', c.companyId).orderBy('grid_id').executeTakeFirstOrThrow();
    const traps = await t.app.inject({ method: 'GET', url: '/api/get_sticky_trap_responses_grid', headers: c.regular.auth, query: { GridID: String(grid.grid_id) } });
    expect(traps.json().boxes.length).toBeGreaterThan(0);
  }, 60_000);
});
