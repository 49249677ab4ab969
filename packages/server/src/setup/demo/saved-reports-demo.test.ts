import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { seedFacilityDemo } from './facility-demo.js';
import { seedPlantsDemo } from './plants-demo.js';
import { seedBatchesDemo } from './batches-demo.js';
import { seedScoutingDemo } from './scouting-demo.js';
import { seedSavedReportsDemo } from './saved-reports-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedSavedReportsDemo', () => {
  it('saves a pest trend and a plant count from the demo data and pins them to slots 1 and 2', async () => {
    const c = await makeTenant(t.app);
    const ctx = { companyId: c.companyId, userId: c.superAdmin.user_id };
    for (const seed of [seedFacilityDemo, seedPlantsDemo, seedBatchesDemo, seedScoutingDemo, seedSavedReportsDemo]) await seed(t.app, ctx);

    const res = await t.app.inject({ method: 'GET', url: `/api/get_dashboard_reports?company_id=${c.companyId}`, headers: c.regular.auth });
    const reports = res.json().reports as { slot: number; report_type: string; chart_type: string; report_data: Record<string, unknown>[] }[];
    expect(reports.map((r) => [r.slot, r.report_type, r.chart_type])).toEqual([[1, 'trends', 'LineChart'], [2, 'plant_count', 'BarChart']]);
    const [pests, plants] = reports;
    expect(pests!.report_data).toHaveLength(8);
    expect(pests!.report_data.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(String(row.x)))).toBe(true);
    const pestTotal = pests!.report_data.reduce((sum, row) => sum + Object.entries(row).reduce((s, [k, v]) => s + (k === 'x' ? 0 : Number(v)), 0), 0);
    expect(pestTotal).toBeGreaterThan(0);
    expect(plants!.report_data.length).toBeGreaterThan(0);
    expect(plants!.report_data[0]).toEqual({ x: expect.any(String), plants: expect.any(Number), pre_books: expect.any(Number), tray_plants: expect.any(Number) });
  });
});
