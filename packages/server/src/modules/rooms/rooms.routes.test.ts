import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await buildTestApp({ limits: { bodyBytes: 1024 * 1024, fileBytes: 15 * 1024 * 1024 } });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

const q = (o: Record<string, string | number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
const form = (fields: Record<string, string | Blob>, filename = 'photo.jpg') => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, v, filename);
  }
  return f;
};
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: object, query: Record<string, string | number> = {}, payload?: FormData | object) =>
  t.app.inject({ method, url: `/api${path}`, headers: headers as Record<string, string>, query: q(query), ...(payload ? { payload: payload as never } : {}) });

async function createRoom(tenant: Tenant, name: string) {
  const res = await inject('POST', '/create_room', tenant.regular.auth, { company_id: tenant.companyId }, form({ name, description: 'bench' }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().room.RoomID as number;
}
async function createGrid(tenant: Tenant, roomId: number, nx: number, ny: number) {
  const res = await inject('POST', '/Create_grid', tenant.regular.auth, {}, { nx, ny, ngrid_name: 'Bench', ncompany_id: tenant.companyId, nroom_id: roomId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().grid.id as number;
}
const jpeg = (w = 64, h = 48) => sharp({ create: { width: w, height: h, channels: 3, background: '#4caf50' } }).jpeg().toBuffer();

describe('create_room', () => {
  it('creates a room for any role, trims the name and audits it', async () => {
    const res = await inject('POST', '/create_room', a.regular.auth, { company_id: a.companyId }, form({ name: '  Flower Room B ', description: 'south' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', room: { Name: 'Flower Room B', Description: 'south', Scanned: false, StartScroll: 0, CompanyID: a.companyId } });
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'room.created').where('entity_id', '=', String(res.json().room.RoomID)).executeTakeFirst();
    expect(audit?.user_id).toBe(a.regular.user_id);
  });

  it('names the field when the name is missing, blank or too long', async () => {
    for (const [fields, message] of [
      [{ description: 'x' }, 'name is required.'],
      [{ name: '   ' }, 'name is required.'],
      [{ name: 'x'.repeat(121) }, 'name must be at most 120 characters.'],
    ] as const) {
      const res = await inject('POST', '/create_room', a.admin.auth, { company_id: a.companyId }, form(fields as Record<string, string>));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, field: 'name' });
    }
  });

  it("refuses another company's company_id with 403", async () => {
    const res = await inject('POST', '/create_room', b.admin.auth, { company_id: a.companyId }, form({ name: 'Intruder' }));
    expect(res.statusCode).toBe(403);
  });

  it('makes one room for a repeated Idempotency-Key (offline queue resend)', async () => {
    const headers = { ...a.regular.auth, 'idempotency-key': 'queued-room-1' };
    const first = await inject('POST', '/create_room', headers, { company_id: a.companyId }, form({ name: 'Queued room' }));
    const again = await inject('POST', '/create_room', headers, { company_id: a.companyId }, form({ name: 'Queued room' }));
    expect(again.json().room.RoomID).toBe(first.json().room.RoomID);
    const rows = await t.app.db.selectFrom('rooms').select('room_id').where('name', '=', 'Queued room').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('load_room_grids_boxes', () => {
  it('answers rooms → grids → boxes with the spec field names in one query', async () => {
    const roomId = await createRoom(a, 'Load test');
    const gridId = await createGrid(a, roomId, 3, 2);
    const res = await inject('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: a.companyId, room_id: roomId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.rooms).toHaveLength(1);
    const room = body.rooms[0];
    expect(Object.keys(room)).toEqual([
      'RoomID', 'CompanyID', 'Name', 'Description', 'CreatedDateTime', 'UpdatedDateTime', 'Scanned', 'ScannedDateTime',
      'LastScannedBy', 'WhiteboardImage', 'StartScroll', 'grids',
    ]);
    expect(room.CreatedDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(room.grids[0]).toMatchObject({ id: gridId, Name: 'Bench', nx: 3, ny: 2, Scanned: false });
    expect(room.grids[0].grid_boxes).toHaveLength(6);
    expect(room.grids[0].grid_boxes[0]).toEqual({
      id: expect.any(Number), GridID: gridId, X: 1, Y: 1, Color: null, Status: null, Content: null, ImageName: null, CustomName: null, culled: false,
    });
  });

  it('lists every room of the company without room_id, and none of another company', async () => {
    await createRoom(b, 'Only B');
    const res = await inject('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: a.companyId });
    const names = res.json().rooms.map((r: { Name: string }) => r.Name);
    expect(names).toContain('Load test');
    expect(names).not.toContain('Only B');
  });

  it("answers 404 for another company's room and 403 for another company_id", async () => {
    const roomB = await createRoom(b, 'B secret room');
    expect((await inject('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: a.companyId, room_id: roomB })).statusCode).toBe(404);
    expect((await inject('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: b.companyId })).statusCode).toBe(403);
  });

  it('answers an empty list for a company without rooms', async () => {
    const c = await makeTenant(t.app);
    expect((await inject('GET', '/load_room_grids_boxes', c.regular.auth, { company_id: c.companyId })).json()).toEqual({ status: 'success', rooms: [] });
  });
});

describe('delete_room', () => {
  it('deletes the room, its grids and boxes for an Admin and audits what was there', async () => {
    const roomId = await createRoom(a, 'Doomed');
    const gridId = await createGrid(a, roomId, 4, 5);
    const res = await inject('DELETE', '/delete_room', a.admin.auth, { room_id: roomId });
    expect(res.json()).toEqual({ status: 'success', message: 'Room deleted.', room_id: roomId, grids_deleted: 1, boxes_deleted: 20 });
    expect(await t.app.db.selectFrom('grid_boxes').select('grid_box_id').where('grid_id', '=', gridId).execute()).toHaveLength(0);
    expect(await t.app.db.selectFrom('grids').select('grid_id').where('grid_id', '=', gridId).execute()).toHaveLength(0);
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'room.deleted').where('entity_id', '=', String(roomId)).executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ Name: 'Doomed', grid_ids: [gridId], boxes: 20 });
  });

  it('refuses a Regular user (403) and another company (404)', async () => {
    const roomId = await createRoom(a, 'Kept');
    expect((await inject('DELETE', '/delete_room', a.regular.auth, { room_id: roomId })).statusCode).toBe(403);
    expect((await inject('DELETE', '/delete_room', b.admin.auth, { room_id: roomId })).statusCode).toBe(404);
    expect((await inject('DELETE', '/delete_room', a.admin.auth, {})).json()).toMatchObject({ message: 'room_id is required.', field: 'room_id' });
  });
});

describe('whiteboard images', () => {
  it('stores a re-encoded image with a thumbnail, lists it and serves it only to the company', async () => {
    const roomId = await createRoom(a, 'Whiteboard room');
    const up = await inject('POST', '/upload_whiteboard_image', a.regular.auth, {}, form({ room_id: String(roomId), imageFile: new Blob([await jpeg()]) }));
    expect(up.statusCode, up.body).toBe(200);
    const wb = up.json().whiteboard;
    expect(wb).toMatchObject({ room_id: roomId, uploaded_by: a.regular.user_id, uploaded_by_name: 'Test Regular' });
    const history = await inject('GET', '/get_whiteboard_history', a.admin.auth, { room_id: roomId });
    expect(history.json().history.map((h: { whiteboard_id: number }) => h.whiteboard_id)).toEqual([wb.whiteboard_id]);

    const key = new URL(wb.image_url, 'http://x').searchParams.get('key')!;
    expect(key.startsWith(`company-${a.companyId}/`)).toBe(true);
    const img = await inject('GET', '/image', a.regular.auth, { key });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
    const thumbKey = new URL(wb.thumb_url, 'http://x').searchParams.get('key')!;
    expect((await inject('GET', '/image', a.regular.auth, { key: thumbKey })).statusCode).toBe(200);
    expect((await inject('GET', '/image', b.admin.auth, { key })).statusCode).toBe(404);
    expect((await inject('GET', '/image', a.admin.auth, { key: `company-${a.companyId}/../x` })).statusCode).toBe(404);

    const rooms = await inject('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: a.companyId, room_id: roomId });
    expect(rooms.json().rooms[0].WhiteboardImage).toBe(key);
  });

  it('refuses a text file named .jpg, a truncated PNG and an image over 40 megapixels', async () => {
    const roomId = await createRoom(a, 'Bad uploads');
    const text = await inject('POST', '/upload_whiteboard_image', a.regular.auth, {}, form({ room_id: String(roomId), imageFile: new Blob(['hello, not a photo']) }));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ message: 'imageFile must be a JPEG, PNG or WebP image.', field: 'imageFile' });

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).png().toBuffer();
    const cut = await inject('POST', '/upload_whiteboard_image', a.regular.auth, {}, form({ room_id: String(roomId), imageFile: new Blob([png.subarray(0, png.length - 40)]) }, 'cut.png'));
    expect(cut.statusCode).toBe(400);

    // 7000×6000 = 42 MP, but a single-colour PNG compresses to a few kilobytes.
    const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#000' } }).png({ palette: true, compressionLevel: 9 }).toBuffer();
    const big = await inject('POST', '/upload_whiteboard_image', a.regular.auth, {}, form({ room_id: String(roomId), imageFile: new Blob([huge]) }, 'huge.png'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ field: 'imageFile', message: 'imageFile is too large (at most 40 megapixels).' });
    expect((await inject('GET', '/get_whiteboard_history', a.admin.auth, { room_id: roomId })).json().history).toEqual([]);
  });

  it("answers 404 for another company's room", async () => {
    const roomId = await createRoom(a, 'Private board');
    const res = await inject('POST', '/upload_whiteboard_image', b.regular.auth, {}, form({ room_id: String(roomId), imageFile: new Blob([await jpeg()]) }));
    expect(res.statusCode).toBe(404);
    expect((await inject('GET', '/get_whiteboard_history', b.regular.auth, { room_id: roomId })).statusCode).toBe(404);
  });
});
