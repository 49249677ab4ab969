import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeFacility } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { seedPlantsDemo } from './plants-demo.js';
import { DAY_MS } from '@verdant/contract';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedPlantsDemo', () => {
  it('adds sub-boxes with plants, both template kinds and a history of 20 moves over past weeks', async () => {
    const c = await makeTenant(t.app);
    const f = await makeFacility(t.app, c.companyId, { nx: 4, ny: 3 });
    await makeFacility(t.app, c.companyId, { nx: 2, ny: 2 });
    await seedPlantsDemo(t.app, { companyId: c.companyId, userId: c.superAdmin.user_id });

    const subs = await t.app.inject({ method: 'GET', url: `/api/get_sub_gridboxes?parent_gridbox_id=${f.box(1, 1)}`, headers: c.regular.auth });
    expect(subs.json().total_count).toBeGreaterThanOrEqual(6);
    expect(subs.json().sub_gridboxes.some((s: { display_name: string }) => s.display_name === 'Mother 1')).toBe(true);

    for (const type of ['Grid', 'SubGrid']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/get_grid_templates?company_id=${c.companyId}&type=${type}`, headers: c.regular.auth });
      expect(res.json().templates).toHaveLength(1);
    }

    const history = await t.app.inject({ method: 'GET', url: `/api/get_company_movement_history?company_id=${c.companyId}&sort_order=asc`, headers: c.regular.auth });
    const body = history.json();
    expect(body.total_count).toBe(20);
    const first = Date.parse(body.movements[0].moved_at);
    const last = Date.parse(body.movements.at(-1).moved_at);
    expect((Date.now() - first) / DAY_MS).toBeGreaterThan(20);
    expect(last).toBeLessThanOrEqual(Date.now());
    expect(body.movements.every((m: { moved_by: string }) => m.moved_by === 'Test SuperAdmin')).toBe(true);
  }, 30_000);

  it('makes only the templates when the company has no grid boxes', async () => {
    const c = await makeTenant(t.app);
    await seedPlantsDemo(t.app, { companyId: c.companyId, userId: c.superAdmin.user_id });
    const moves = await t.app.db.selectFrom('plant_movements').select('movement_id').where('company_id', '=', c.companyId).execute();
    expect(moves).toEqual([]);
    const templates = await t.app.db.selectFrom('grid_templates').select('template_id').where('company_id', '=', c.companyId).execute();
    expect(templates).toHaveLength(2);
  });
});
