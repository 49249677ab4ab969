import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomsEndpoints, type GridBox } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { roomTreeJson } from './room-tree.sql.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
type Sub = { Sub_gridboxID: number; plant_uid: string | null };

let t: TestApp;
let a: Tenant;
let b: Tenant;
let fa: FacilityFixture;
let fb: FacilityFixture;

beforeAll(async () => {
  // The answer streams (no response check by the routes layer): the contract is checked here.
  t = await buildTestApp({ validateResponses: false });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  fa = await makeFacility(t.app, a.companyId, { nx: 3, ny: 2 });
  fb = await makeFacility(t.app, b.companyId, { nx: 2, ny: 1 });
});
afterAll(() => t.close());

async function makeSubs(tenant: Tenant, parent: number, query: string, payload?: object): Promise<Sub[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/create_sub_gridboxes?parent_gridbox_id=${parent}&user_id=${tenant.regular.user_id}&${query}`,
    headers: tenant.regular.auth,
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().sub_gridboxes;
}

async function boxesOf(tenant: Tenant, roomId: number): Promise<Map<number, GridBox>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/load_room_grids_boxes?company_id=${tenant.companyId}&room_id=${roomId}`,
    headers: tenant.regular.auth,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const body = roomsEndpoints.loadRoomGridsBoxes.response.parse(JSON.parse(res.body));
  // The reference one-statement query counts the same way.
  const ref = await sql<{ rooms: unknown }>`SELECT ${roomTreeJson(tenant.companyId, roomId)} AS rooms`.execute(t.app.db);
  expect(JSON.parse(res.body).rooms).toEqual(ref.rows[0]!.rooms);
  return new Map(body.rooms.flatMap((r) => r.grids.flatMap((g) => g.grid_boxes)).map((box) => [box.id, box]));
}

describe('load_room_grids_boxes: plants and sub-boxes per box', () => {
  it('counts live sub-boxes and the plants in them, after creating, deleting and moving', async () => {
    const before = await boxesOf(a, fa.roomId);
    expect(before.get(fa.box(1, 1))).not.toHaveProperty('SubGridboxCount');

    // 2 × 2 with plants; 3 positions without plants; then one of each deleted and a plant moved away.
    const withPlants = await makeSubs(a, fa.box(1, 1), 'nx=2&ny=2');
    const bare = await makeSubs(a, fa.box(2, 1), 'auto_initialize_plants=false', {
      custom_positions: [{ subx: 1, suby: 1 }, { subx: 2, suby: 1 }, { subx: 3, suby: 1 }],
    });
    for (const id of [withPlants[3]!.Sub_gridboxID, bare[2]!.Sub_gridboxID]) {
      const del = await t.app.inject({ method: 'DELETE', url: `/api/delete_sub_gridbox?sub_gridbox_id=${id}`, headers: a.admin.auth });
      expect(del.statusCode, del.body).toBe(200);
    }
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/move_plant',
      headers: a.regular.auth,
      payload: { plant_uid: withPlants[0]!.plant_uid, target_parent_gridbox_id: fa.box(3, 2), user_id: a.regular.user_id },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const after = await boxesOf(a, fa.roomId);
    // 3 live sub-boxes left, one emptied by the move: 2 plants.
    expect(after.get(fa.box(1, 1))).toMatchObject({ SubGridboxCount: 3, PlantCount: 2 });
    expect(after.get(fa.box(2, 1))).toMatchObject({ SubGridboxCount: 2, PlantCount: 0 });
    // The move made a sub-box for its plant in the empty box.
    expect(after.get(fa.box(3, 2))).toMatchObject({ SubGridboxCount: 1, PlantCount: 1 });
    // A box without sub-boxes has neither number (read as 0): most boxes, so the answer stays small.
    const keys = ['id', 'GridID', 'X', 'Y', 'Color', 'Status', 'Content', 'ImageName', 'CustomName', 'culled'];
    expect(Object.keys(after.get(fa.box(1, 2))!)).toEqual(keys);
    expect(Object.keys(after.get(fa.box(2, 1))!)).toEqual([...keys, 'SubGridboxCount', 'PlantCount']);
    expect(after.size).toBe(6);
  });

  it("never counts another company's rows, and another company's room is a 404", async () => {
    await makeSubs(b, fb.box(1, 1), 'nx=3&ny=1');
    // A sub-box row of company B pointing at A's box (never made by the API) is not counted for A.
    await sql`INSERT INTO sub_gridboxes (company_id, parent_gridbox_id, subx, suby) VALUES (${b.companyId}, ${fa.box(1, 2)}, 9, 9)`.execute(t.app.db);
    const mine = await boxesOf(a, fa.roomId);
    expect(mine.get(fa.box(1, 2))).not.toHaveProperty('SubGridboxCount');
    const theirs = await boxesOf(b, fb.roomId);
    expect(theirs.get(fb.box(1, 1))).toMatchObject({ SubGridboxCount: 3, PlantCount: 3 });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/load_room_grids_boxes?company_id=${a.companyId}&room_id=${fb.roomId}`,
      headers: a.regular.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('SubGridboxCount');
  });

  it('keeps the counts apart for a large grid sent a few columns at a time', async () => {
    const big = await makeFacility(t.app, a.companyId, { nx: 60, ny: 100 });
    await makeSubs(a, big.box(60, 100), 'nx=2&ny=1');
    await makeSubs(a, big.box(1, 1), 'nx=1&ny=1&auto_initialize_plants=false');
    const boxes = await boxesOf(a, big.roomId);
    expect(boxes.size).toBe(6000);
    expect(boxes.get(big.box(60, 100))).toMatchObject({ SubGridboxCount: 2, PlantCount: 2 });
    expect(boxes.get(big.box(1, 1))).toMatchObject({ SubGridboxCount: 1, PlantCount: 0 });
    expect([...boxes.values()].filter((x) => x.SubGridboxCount).length).toBe(2);
  }, 60_000);
});
