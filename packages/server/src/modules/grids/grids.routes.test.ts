import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

const kit = facilityKit(() => t.app);
const { call } = kit;

useTwoTenants();

const createGrid = (user: { auth: object }, fields: Record<string, unknown>) => call('POST', '/Create_grid', user.auth, {}, fields);

describe('Create_grid', () => {
  it('creates the grid, its room link and nx×ny boxes from a JSON body, for a Regular user', async () => {
    const roomId = await kit.room(a);
    const res = await createGrid(a.regular, { nx: 3, ny: 4, ngrid_name: ' Table 1 ', ncompany_id: a.companyId, nroom_id: roomId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', room_id: roomId, boxes_created: 12, grid: { Name: 'Table 1', nx: 3, ny: 4, CompanyID: a.companyId } });
    const boxes = await kit.boxes(body.grid.id);
    expect(boxes).toHaveLength(12);
    expect(boxes.map((x) => `${x.x},${x.y}`)).toContain('3,4');
    expect(boxes.every((x) => x.company_id === a.companyId)).toBe(true);
    const link = await t.app.db.selectFrom('room_grid').selectAll().where('grid_id', '=', body.grid.id).executeTakeFirstOrThrow();
    expect(link.room_id).toBe(roomId);
  });

  it('accepts the fields from the query string too', async () => {
    const roomId = await kit.room(a);
    const res = await call('POST', '/Create_grid', a.admin.auth, { nx: 1, ny: 1, ngrid_name: 'Q', ncompany_id: a.companyId, nroom_id: roomId });
    expect(res.json().boxes_created).toBe(1);
  });

  it('creates a 200×200 grid (40,000 boxes) in one statement', async () => {
    const roomId = await kit.room(a, 'Big');
    const started = performance.now();
    const res = await createGrid(a.admin, { nx: 200, ny: 200, ngrid_name: 'Huge', ncompany_id: a.companyId, nroom_id: roomId });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().boxes_created).toBe(40_000);
    console.info(`Create_grid 200×200: ${ms.toFixed(0)} ms`);
    const load = await call('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: a.companyId, room_id: roomId });
    expect(load.json().rooms[0].grids[0].grid_boxes).toHaveLength(40_000);
  }, 60_000);

  it.each([
    [{ nx: 0 }, 'nx must be a whole number from 1 to 500.', 'nx'],
    [{ ny: 501 }, 'ny must be a whole number from 1 to 500.', 'ny'],
    [{ nx: 'two' }, 'nx must be a whole number from 1 to 500.', 'nx'],
    [{ ngrid_name: '' }, 'ngrid_name is required.', 'ngrid_name'],
    [{ nroom_id: undefined }, 'nroom_id is required.', 'nroom_id'],
  ])('refuses %o', async (patch, message, field) => {
    const roomId = await kit.room(a);
    const res = await createGrid(a.admin, { nx: 2, ny: 2, ngrid_name: 'G', ncompany_id: a.companyId, nroom_id: roomId, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field });
  });

  it("answers 403 for another company's ncompany_id and 404 for its room", async () => {
    const roomA = await kit.room(a);
    expect((await createGrid(b.admin, { nx: 1, ny: 1, ngrid_name: 'x', ncompany_id: a.companyId, nroom_id: roomA })).statusCode).toBe(403);
    expect((await createGrid(b.admin, { nx: 1, ny: 1, ngrid_name: 'x', ncompany_id: b.companyId, nroom_id: roomA })).statusCode).toBe(404);
  });
});

describe('delete_grid', () => {
  it('deletes the grid and its boxes for an Admin, with an audit of what was there', async () => {
    const gridId = await kit.grid(a, await kit.room(a), 2, 2);
    expect((await call('PUT', '/delete_grid', a.regular.auth, { grid_id: gridId })).statusCode).toBe(403);
    expect((await call('PUT', '/delete_grid', b.admin.auth, { grid_id: gridId })).statusCode).toBe(404);
    const res = await call('PUT', '/delete_grid', a.admin.auth, { grid_id: gridId });
    expect(res.json()).toEqual({ status: 'success', message: 'Grid deleted.', grid_id: gridId, boxes_deleted: 4 });
    expect(await kit.boxes(gridId)).toHaveLength(0);
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'grid.deleted').where('entity_id', '=', String(gridId)).executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ id: gridId, boxes: 4 });
    expect((await call('PUT', '/delete_grid', a.admin.auth, { grid_id: gridId })).statusCode).toBe(404);
  });
});

describe('grid background images', () => {
  it('uploads an image for a grid and lists it for the room', async () => {
    const roomId = await kit.room(a);
    const gridId = await kit.grid(a, roomId);
    const png = await sharp({ create: { width: 500, height: 300, channels: 4, background: '#ffffff80' } }).png().toBuffer();
    const f = new FormData();
    f.append('image', new Blob([png]), 'bg.png');
    const up = await call('POST', '/upload_grid_image', a.regular.auth, { GridID: gridId }, f);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ status: 'success', GridID: gridId, ImageName: expect.stringMatching(`^company-${a.companyId}/grids/${gridId}/`) });
    const bg = await call('GET', '/get_grid_background', a.regular.auth, { RoomID: roomId });
    expect(bg.json().grids).toEqual([
      { id: gridId, Name: 'Bench', ImageName: up.json().ImageName, image_url: up.json().image_url, thumb_url: up.json().thumb_url },
    ]);
    const thumb = await call('GET', '/image', a.regular.auth, { key: new URL(up.json().thumb_url, 'http://x').searchParams.get('key')! });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it('refuses a non-image, a missing image and another company', async () => {
    const roomId = await kit.room(a);
    const gridId = await kit.grid(a, roomId);
    const f = new FormData();
    f.append('image', new Blob(['GIF89a? no']), 'x.jpg');
    const bad = await call('POST', '/upload_grid_image', a.regular.auth, { GridID: gridId }, f);
    expect(bad.json()).toMatchObject({ message: 'image must be a JPEG, PNG or WebP image.', field: 'image' });
    const none = new FormData();
    none.append('other', 'x');
    expect((await call('POST', '/upload_grid_image', a.regular.auth, { GridID: gridId }, none)).json()).toMatchObject({ message: 'image is required.' });
    expect((await call('GET', '/get_grid_background', b.regular.auth, { RoomID: roomId })).statusCode).toBe(404);
  });
});
