import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { seedFacilityDemo } from './facility-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedFacilityDemo', () => {
  it('gives the demo company rooms with grids, named and culled boxes and scan marks', async () => {
    const c = await makeTenant(t.app);
    await seedFacilityDemo(t.app, { companyId: c.companyId, userId: c.superAdmin.user_id });
    const res = await t.app.inject({ method: 'GET', url: '/api/load_room_grids_boxes', headers: c.regular.auth, query: { company_id: String(c.companyId) } });
    const rooms = res.json().rooms as Array<{ Name: string; Scanned: boolean; grids: Array<{ grid_boxes: Array<{ CustomName: string | null; culled: boolean }> }> }>;
    expect(rooms.map((r) => r.Name)).toEqual(['Propagation', 'Flower Room A', 'Mother Stock']);
    const boxes = rooms.flatMap((r) => r.grids.flatMap((g) => g.grid_boxes));
    expect(boxes.length).toBeGreaterThan(600);
    expect(boxes.some((b) => b.CustomName)).toBe(true);
    expect(boxes.some((b) => b.culled)).toBe(true);
    expect(rooms[0]!.Scanned).toBe(true);
  }, 30_000);
});
