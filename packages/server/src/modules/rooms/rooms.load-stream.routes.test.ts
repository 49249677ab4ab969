import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomsEndpoints } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { roomTreeJson } from './room-tree.sql.js';
import { BOXES_PAGE, ROOMS_PAGE } from './room-tree.stream.js';

let t: TestApp;
let a: Tenant;
const kit = facilityKit(() => t.app);
const { call } = kit;

beforeAll(async () => {
  // As in production: the answer streams instead of being joined and checked by the contract-routes
  // layer, so this file checks it against the contract itself.
  t = await buildTestApp({ validateResponses: false });
  a = await makeTenant(t.app);
});
afterAll(() => t.close());

/** What the one-statement query (the answer before streaming) gives for the same data. */
async function reference(companyId: number, roomId: number | null) {
  const res = await sql<{ rooms: unknown }>`SELECT ${roomTreeJson(companyId, roomId)} AS rooms`.execute(t.app.db);
  return { status: 'success', rooms: res.rows[0]!.rooms };
}

async function load(query: Record<string, number>) {
  const res = await call('GET', '/load_room_grids_boxes', a.regular.auth, query);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body: unknown = JSON.parse(res.body);
  expect(roomsEndpoints.loadRoomGridsBoxes.response.safeParse(body).success).toBe(true);
  return { res, body };
}

describe('load_room_grids_boxes streamed', () => {
  it('answers the same content as the one-statement query, across box, grid and room pages', async () => {
    // A grid larger than one page (sent a few columns at a time), small grids sharing a query, an empty room.
    const big = await kit.room(a, 'Big');
    const bigNy = 90;
    const bigNx = Math.ceil((2.5 * BOXES_PAGE) / bigNy);
    await kit.grid(a, big, bigNx, bigNy, 'Large');
    await kit.grid(a, big, 3, 4, 'Small 1');
    await kit.grid(a, big, 1, 1, 'Small 2');
    const boxId = (await t.app.db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', a.companyId).orderBy('grid_box_id').executeTakeFirstOrThrow()).grid_box_id;
    await kit.formPost('/update_grid_box_name', a.regular.auth, { GridBoxID: boxId, custom_name: 'Quote " and \\ backslash ✓' });
    await kit.room(a, 'Empty');
    // More grids in one room than one grid page, and more rooms than one room page, made directly.
    const many = await kit.room(a, 'Many grids');
    await sql`
      WITH g AS (
        INSERT INTO grids (company_id, name, nx, ny) SELECT ${a.companyId}, 'Tray ' || i, 1 + i % 2, 1 FROM generate_series(1, 520) i RETURNING *
      ), l AS (INSERT INTO room_grid (company_id, room_id, grid_id) SELECT company_id, ${many}, grid_id FROM g)
      INSERT INTO grid_boxes (company_id, grid_id, x, y) SELECT g.company_id, g.grid_id, x, 1 FROM g, generate_series(1, g.nx) x`.execute(t.app.db);
    await sql`INSERT INTO rooms (company_id, name) SELECT ${a.companyId}, 'Spare ' || i FROM generate_series(1, ${ROOMS_PAGE}) i`.execute(t.app.db);

    const { res, body } = await load({ company_id: a.companyId });
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(body).toEqual(await reference(a.companyId, null));
    const rooms = (body as { rooms: Array<{ Name: string; grids: Array<{ Name: string; grid_boxes: Array<{ X: number; Y: number; CustomName: string | null }> }> }> }).rooms;
    expect(rooms).toHaveLength(ROOMS_PAGE + 3);
    const large = rooms[0]!.grids[0]!;
    expect(large.grid_boxes).toHaveLength(bigNx * bigNy);
    expect(large.grid_boxes.slice(0, 2).map((b) => [b.X, b.Y])).toEqual([[1, 1], [1, 2]]);
    expect(large.grid_boxes.at(-1)).toMatchObject({ X: bigNx, Y: bigNy });
    expect(large.grid_boxes[0]!.CustomName).toBe('Quote " and \\ backslash ✓');
    expect(rooms[1]!.grids).toEqual([]);
    expect(rooms[2]!.grids).toHaveLength(520);

    const one = await load({ company_id: a.companyId, room_id: big });
    expect(one.body).toEqual(await reference(a.companyId, big));
  }, 60_000);

  it('answers 404 for a room that is not the caller’s, before anything is streamed', async () => {
    const b = await makeTenant(t.app);
    const roomB = await kit.room(b);
    const res = await call('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: a.companyId, room_id: roomB });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Room not found.' });
    expect((await call('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: b.companyId })).statusCode).toBe(403);
  });

  it('answers a company without rooms with an empty list', async () => {
    const c = await makeTenant(t.app);
    const res = await call('GET', '/load_room_grids_boxes', c.regular.auth, { company_id: c.companyId });
    expect(res.json()).toEqual({ status: 'success', rooms: [] });
  });
});
