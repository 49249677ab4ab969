import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeTenant } from './factories.js';
import { facilityKit, type Tenant } from './fixtures/facility-test-kit.js';

let t: TestApp;
let a: Tenant;
const kit = facilityKit(() => t.app);

beforeAll(async () => {
  // As in production: large answers stream (validated answers are joined and parsed first).
  t = await buildTestApp({ validateResponses: false });
  a = await makeTenant(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>, encoding?: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('compressed answers (issue 19)', () => {
  let roomId: number;
  beforeAll(async () => {
    roomId = await kit.room(a, 'Compressed');
    await kit.grid(a, roomId, 40, 60, 'Large');
  });

  it('sends a streamed JSON answer gzip or brotli when accepted, and the same JSON decoded', async () => {
    const url = `/load_room_grids_boxes?company_id=${a.companyId}`;
    const plain = await get(url, a.regular.auth);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected: unknown = JSON.parse(plain.body);
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const gz = await get(url, a.regular.auth, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gz.headers.vary).toContain('accept-encoding');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(expected);

    const br = await get(url, a.regular.auth, 'br;q=1, gzip;q=0.5');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);
  });

  it('compresses a whole (not streamed) JSON answer, and leaves a small one plain', async () => {
    await kit.formPost('/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, due_every_days: 7 });
    const url = `/get_scouting_coverage?company_id=${a.companyId}&room_id=${roomId}`;
    const plain = await get(url, a.regular.auth);
    expect(plain.json().overdue_GridBoxIDs).toHaveLength(2400);
    const gz = await get(url, a.regular.auth, 'gzip, deflate, br');
    expect(gz.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(brotliDecompressSync(gz.rawPayload).toString('utf8'));
    // The round is measured from now: the two answers differ in time only.
    expect(decoded.overdue_GridBoxIDs).toEqual(plain.json().overdue_GridBoxIDs);
    expect(decoded.rooms.map((r: { RoomID: number }) => r.RoomID)).toEqual(plain.json().rooms.map((r: { RoomID: number }) => r.RoomID));

    const small = await get(`/get_scouting_frequency?company_id=${a.companyId}`, a.regular.auth, 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'success', due_every_days: 7 });
  });

  it('keeps a keyed write answer as plain text and compresses its replay like the first answer', async () => {
    const box = (await t.app.db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', a.companyId).orderBy('grid_box_id').executeTakeFirstOrThrow()).grid_box_id;
    const write = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/create_sub_gridboxes?parent_gridbox_id=${box}&user_id=${a.regular.user_id}&nx=5&ny=5`,
        headers: { ...a.regular.auth, 'accept-encoding': 'gzip', 'idempotency-key': 'compressed-write-1' },
      });
    const first = await write();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const answer: unknown = JSON.parse(gunzipSync(first.rawPayload).toString('utf8'));
    expect(answer).toMatchObject({ status: 'success', created_count: 25 });

    const kept = await t.app.db.selectFrom('idempotency_keys').select('response_body').where('key', '=', 'compressed-write-1').executeTakeFirstOrThrow();
    expect(JSON.parse(kept.response_body!)).toEqual(answer);

    const replay = await write();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(replay.rawPayload).toString('utf8'))).toEqual(answer);
    const count = await t.app.db.selectFrom('sub_gridboxes').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_gridbox_id', '=', box).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(25);
  });

  it('does not compress an image again', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('room_id', String(roomId));
    form.append('imageFile', new Blob([jpeg]), 'board.jpg');
    const up = await t.app.inject({ method: 'POST', url: '/api/upload_whiteboard_image', headers: a.regular.auth, payload: form as never });
    expect(up.statusCode, up.body).toBe(200);
    const key = new URL(up.json().whiteboard.image_url, 'http://x').searchParams.get('key')!;
    const plain = await get(`/image?key=${encodeURIComponent(key)}`, a.regular.auth);
    const img = await get(`/image?key=${encodeURIComponent(key)}`, a.regular.auth, 'gzip, br');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\//);
    expect(img.headers['content-encoding']).toBeUndefined();
    expect(img.rawPayload.length).toBeGreaterThan(1024);
    expect(Buffer.compare(img.rawPayload, plain.rawPayload)).toBe(0);
  });
});
