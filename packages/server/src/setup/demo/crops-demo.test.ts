import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CROPS } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { seedFacilityDemo } from './facility-demo.js';
import { seedBatchesDemo } from './batches-demo.js';
import { DEMO_CROP, seedCropsDemo } from './crops-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedCropsDemo', () => {
  it('keeps the default crops, adds the greenhouse crop (audited) and links every batch not harvested to it', async () => {
    const c = await makeTenant(t.app);
    const ctx = { companyId: c.companyId, userId: c.superAdmin.user_id };
    for (const seed of [seedFacilityDemo, seedBatchesDemo, seedCropsDemo]) await seed(t.app, ctx);

    const crops = (await t.app.inject({ method: 'GET', url: `/api/crops?company_id=${c.companyId}`, headers: c.regular.auth })).json().crops as Array<{ name: string; eppo_code: string; batch_count: number }>;
    for (const [name, eppo] of DEFAULT_CROPS) expect(crops).toContainEqual(expect.objectContaining({ name, eppo_code: eppo, batch_count: 0 }));
    const batches = await t.app.db.selectFrom('batches').select(['harvested_at', 'crop_id']).where('company_id', '=', c.companyId).execute();
    const live = batches.filter((b) => b.harvested_at === null);
    expect(live.length).toBeGreaterThan(0);
    expect(batches.length).toBeGreaterThan(live.length);
    const own = crops.find((x) => x.name === DEMO_CROP.name);
    expect(own).toMatchObject({ eppo_code: DEMO_CROP.eppo_code, batch_count: live.length });
    expect(batches.filter((b) => b.harvested_at !== null).every((b) => b.crop_id === null)).toBe(true);
    const audited = await t.app.db.selectFrom('audit_events').select('action').where('company_id', '=', c.companyId).where('action', '=', 'crop.create').execute();
    expect(audited).toHaveLength(1);
  });
});
