import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';

let t: TestApp;
const kit = facilityKit(() => t.app);
const { call } = kit;

beforeAll(async () => {
  // Small limits so the refusals are cheap to reach: 100 boxes a company, 40 a room.
  t = await buildTestApp({ boxLimits: { perCompany: 100, perRoom: 40 } });
});
afterAll(() => t.close());

const createGrid = (tenant: Tenant, roomId: number, nx: number, ny: number) =>
  call('POST', '/Create_grid', tenant.regular.auth, {}, { nx, ny, ngrid_name: 'G', ncompany_id: tenant.companyId, nroom_id: roomId });

async function companyBoxes(companyId: number) {
  const r = await t.app.db.selectFrom('grid_boxes').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('box limits', () => {
  it('refuses a grid past the room limit with 409, naming nx, the limit and what is left', async () => {
    const a = await makeTenant(t.app);
    const roomId = await kit.room(a);
    expect((await createGrid(a, roomId, 5, 6)).statusCode).toBe(200);
    const res = await createGrid(a, roomId, 4, 4);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      error: 'conflict',
      field: 'nx',
      message: 'This grid would add 16 boxes, but a room can have at most 40 boxes and this room already has 30: 10 more fit.',
    });
    // Exactly up to the limit is allowed; past a full room nothing fits.
    expect((await createGrid(a, roomId, 2, 5)).statusCode).toBe(200);
    expect((await createGrid(a, roomId, 1, 1)).json().message).toBe(
      'This grid would add 1 boxes, but a room can have at most 40 boxes and this room already has 40: no more fit.',
    );
    expect(await companyBoxes(a.companyId)).toBe(40);
  });

  it('refuses a grid past the company limit, counting every room; deleting a grid frees its boxes', async () => {
    const a = await makeTenant(t.app);
    const rooms = [await kit.room(a, 'R1'), await kit.room(a, 'R2'), await kit.room(a, 'R3')];
    expect((await createGrid(a, rooms[0]!, 5, 8)).statusCode).toBe(200);
    expect((await createGrid(a, rooms[1]!, 5, 8)).statusCode).toBe(200);
    const res = await createGrid(a, rooms[2]!, 5, 5);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      field: 'nx',
      message: 'This grid would add 25 boxes, but your company can have at most 100 boxes and it already has 80: 20 more fit.',
    });
    const other = await makeTenant(t.app);
    expect((await createGrid(other, await kit.room(other), 5, 8)).statusCode).toBe(200);

    const gridId = (await createGrid(a, rooms[2]!, 4, 5)).json().grid.id as number;
    expect((await call('PUT', '/delete_grid', a.admin.auth, { grid_id: gridId })).statusCode).toBe(200);
    expect((await createGrid(a, rooms[2]!, 4, 5)).statusCode).toBe(200);
  });

  it('refuses a grid from a template past the limit, naming template_id', async () => {
    const a = await makeTenant(t.app);
    const roomId = await kit.room(a);
    const made = await call('POST', '/create_grid_templates', a.admin.auth, {
      template_name: 'Big table', template_type: 'Grid', rows: 7, columns: 7, company_id: a.companyId, user_id: a.admin.user_id,
    });
    expect(made.statusCode, made.body).toBe(200);
    const templateId = made.json().template.template_id as number;
    const res = await call('POST', '/submit_grid_template', a.regular.auth, { template_id: templateId, company_id: a.companyId, room_id: roomId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      field: 'template_id',
      message: 'This grid would add 49 boxes, but a room can have at most 40 boxes and this room already has 0: 40 more fit.',
    });
    expect(await companyBoxes(a.companyId)).toBe(0);
  });

  it('lets only one of two concurrent creations take the last boxes', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await makeTenant(t.app);
      const rooms = [await kit.room(a, 'R1'), await kit.room(a, 'R2'), await kit.room(a, 'R3')];
      expect((await createGrid(a, rooms[0]!, 5, 8)).statusCode).toBe(200);
      // 40 boxes used, 60 left: each of these fits alone, not both.
      const answers = await Promise.all([createGrid(a, rooms[1]!, 5, 7), createGrid(a, rooms[2]!, 5, 7)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await companyBoxes(a.companyId)).toBe(75);
    }
  });
});
