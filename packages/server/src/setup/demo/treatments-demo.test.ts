import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { seedFacilityDemo } from './facility-demo.js';
import { seedScoutingDemo } from './scouting-demo.js';
import { seedTreatmentsDemo } from './treatments-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedTreatmentsDemo', () => {
  it('adds three products with their treatments and two audited applications that the effectiveness report measures', async () => {
    const c = await makeTenant(t.app);
    const ctx = { companyId: c.companyId, userId: c.superAdmin.user_id };
    for (const seed of [seedFacilityDemo, seedScoutingDemo, seedTreatmentsDemo]) await seed(t.app, ctx);
    const get = (path: string, query = '') => t.app.inject({ method: 'GET', url: `/api${path}?company_id=${c.companyId}${query}`, headers: c.regular.auth });

    expect((await get('/get_product_names')).json().productNames).toEqual(['Amblyseius swirskii', 'Conserve', 'Mycotal']);
    expect((await get('/get_all_treatment')).json().treatments).toHaveLength(3);
    const applied = await t.app.db.selectFrom('audit_events').select('id').where('company_id', '=', c.companyId).where('action', '=', 'treatment.apply').execute();
    expect(applied).toHaveLength(2);
    const report = (await get('/get_treatment_effectiveness_report', '&date_option=weeks_ago&weeks_ago=4')).json();
    expect(report.data.map((d: { product_name: string; applications: number }) => [d.product_name, d.applications])).toEqual([['Amblyseius swirskii', 1], ['Conserve', 1]]);
  });
});
