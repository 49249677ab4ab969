import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_BATCH_STATUSES } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { seedFacilityDemo } from './facility-demo.js';
import { seedBatchesDemo } from './batches-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedBatchesDemo', () => {
  it('adds batches in every built-in status and a custom one, with history, moves, links and one harvest', async () => {
    const c = await makeTenant(t.app);
    const ctx = { companyId: c.companyId, userId: c.superAdmin.user_id };
    await seedFacilityDemo(t.app, ctx);
    await seedBatchesDemo(t.app, ctx);

    const list = (await t.app.inject({ method: 'GET', url: `/api/get_batches?company_id=${c.companyId}`, headers: c.regular.auth })).json();
    const statuses = new Set(list.map((b: { BatchStatus: string }) => b.BatchStatus));
    for (const s of BUILT_IN_BATCH_STATUSES) expect(statuses.has(s), s).toBe(true);
    expect(statuses.has('Drying')).toBe(true);
    const harvested = list.find((b: { Harvested: boolean }) => b.Harvested);
    expect(harvested).toMatchObject({ HarvestUnit: 'kg', HarvestWetWeight: 61.4 });

    const flowering = list.find((b: { BatchStatus: string }) => b.BatchStatus === 'Flowering');
    const dash = await t.app.inject({ method: 'GET', url: `/api/get_batch_dashboard?company_id=${c.companyId}&batch_id=${flowering.BatchID}`, headers: c.regular.auth });
    expect(dash.json().batch_details.status_timeline.length).toBe(4);
    expect(await t.app.db.selectFrom('batch_room_moves').select('id').where('company_id', '=', c.companyId).execute()).toHaveLength(3);
    const rooms = await t.app.inject({ method: 'GET', url: `/api/get_rooms_by_batch?batch_id=${flowering.BatchID}`, headers: c.regular.auth });
    expect(rooms.json().data.map((r: { Name: string }) => r.Name)).toEqual(['Flower Room A']);
  });
});
