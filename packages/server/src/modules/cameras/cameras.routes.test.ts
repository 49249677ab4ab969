import { beforeAll, describe, expect, it } from 'vitest';
import { makeLeafImage, makeSkyImage } from '@verdant/vision/testing';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { pngDeclaring, pngOf } from '../../test/fixtures/scan-images.js';
import { hashToken } from './cameras.service.js';

useTwoTenants();
const kit = facilityKit(() => t.app);

let gridA: number;
let gridB: number;
let leafPng: Buffer;

beforeAll(async () => {
  gridA = await kit.grid(a, await kit.room(a, 'Camera house'), 2, 2, 'Camera bench');
  gridB = await kit.grid(b, await kit.room(b, 'Other house'), 1, 1, 'Other bench');
  leafPng = await pngOf(makeLeafImage({ width: 320, height: 240, seed: 5, lesions: { powdery: 0.12 } }).image);
});

const register = (tenant: Tenant, gridId: number, who: { auth: object } = tenant.admin, name = 'North camera') =>
  kit.call('POST', '/register_camera', who.auth, {}, { company_id: tenant.companyId, grid_id: gridId, name });

async function registered(tenant: Tenant, gridId: number) {
  const res = await register(tenant, gridId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { camera: { camera_id: number; token_status: string; token_hint: string }; ingest_token: string };
}

function imageForm(image: Buffer, extra: Record<string, string> = {}) {
  const f = new FormData();
  f.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'frame.png');
  for (const [k, v] of Object.entries(extra)) f.append(k, v);
  return f;
}
const ingest = (token: string | null, image: Buffer = leafPng, extra: Record<string, string> = {}) =>
  kit.call('POST', '/camera_ingest', token === null ? {} : { authorization: `Bearer ${token}` }, {}, imageForm(image, extra));

describe('registering a camera', () => {
  it('answers the token once and stores only its hash', async () => {
    const { camera, ingest_token } = await registered(a, gridA);
    expect(ingest_token).toMatch(/^vcam_[A-Za-z0-9_-]{43}$/);
    expect(camera.token_status).toBe('active');
    const row = await t.app.db.selectFrom('cameras').selectAll().where('camera_id', '=', camera.camera_id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(ingest_token));
    expect(JSON.stringify(row)).not.toContain(ingest_token);
    const list = await kit.call('GET', '/get_cameras', a.regular.auth, { company_id: a.companyId });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ingest_token);
    expect(list.json().cameras.map((c: { camera_id: number }) => c.camera_id)).toContain(camera.camera_id);
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'camera').where('entity_id', '=', String(camera.camera_id)).execute();
    expect(audit.map((e) => e.action)).toEqual(['camera.register']);
    expect(JSON.stringify(audit)).not.toContain(ingest_token);
  });

  it('refuses a Regular user, another company and a bad name', async () => {
    expect((await register(a, gridA, a.regular)).statusCode).toBe(403);
    expect((await register(a, gridB)).statusCode).toBe(404);
    const res = await kit.call('POST', '/register_camera', b.admin.auth, {}, { company_id: a.companyId, grid_id: gridA, name: 'x' });
    expect(res.statusCode).toBe(403);
    const bad = await register(a, gridA, a.admin, 'nul\u0000name');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('name');
  });
});

describe('ingesting an image', () => {
  it("files the image as a grid scan of the camera's grid, listed on the camera", async () => {
    const { camera, ingest_token } = await registered(a, gridA);
    const res = await ingest(ingest_token, leafPng, { captured_at: '2026-11-20T10:00:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    const { scan, camera_id } = res.json();
    expect(camera_id).toBe(camera.camera_id);
    expect(scan.scan_type).toBe('grid');
    expect(scan.GridID).toBe(gridA);
    expect(scan.detections.length).toBeGreaterThan(0);
    const page = await kit.call('GET', '/get_camera_images', a.regular.auth, { company_id: a.companyId, camera_id: camera.camera_id });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().total).toBe(1);
    expect(page.json().scans[0].scan_id).toBe(scan.scan_id);
    expect(page.json().camera.image_count).toBe(1);
    expect(page.json().camera.last_ingest_at).not.toBeNull();
  });

  it('files a frame it is not sure of as uncertain ("Not sure: check by eye"), never clear, with the reasons', async () => {
    const { ingest_token } = await registered(a, gridA);
    const res = await ingest(ingest_token, await pngOf(makeSkyImage(320, 240)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().scan).toMatchObject({ kind: 'unknown', status: 'uncertain', detections: [] });
    expect(res.json().scan.images[0].analysis.doubts.length).toBeGreaterThan(0);
  });

  it('refuses no token, a user session, a revoked token and the old token after rotating', async () => {
    const { camera, ingest_token } = await registered(a, gridA);
    expect((await ingest(null)).statusCode).toBe(401);
    expect((await ingest(a.admin.auth.authorization.replace(/^Bearer /, ''))).statusCode).toBe(401);
    const rotated = await kit.call('POST', '/rotate_camera_token', a.admin.auth, {}, { company_id: a.companyId, camera_id: camera.camera_id });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().ingest_token as string;
    expect(fresh).not.toBe(ingest_token);
    expect((await ingest(ingest_token)).statusCode).toBe(401);
    expect((await ingest(fresh)).statusCode).toBe(200);
    const revoked = await kit.call('POST', '/revoke_camera_token', a.admin.auth, {}, { company_id: a.companyId, camera_id: camera.camera_id });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().camera.token_status).toBe('revoked');
    expect((await ingest(fresh)).statusCode).toBe(401);
    const again = await kit.call('POST', '/revoke_camera_token', a.admin.auth, {}, { company_id: a.companyId, camera_id: camera.camera_id });
    expect(again.statusCode).toBe(409);
  });

  it("files another company's token only for that company's camera", async () => {
    const mine = await registered(a, gridA);
    const theirs = await registered(b, gridB);
    const res = await ingest(theirs.ingest_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().camera_id).toBe(theirs.camera.camera_id);
    expect(res.json().scan.GridID).toBe(gridB);
    const mineImages = await kit.call('GET', '/get_camera_images', a.admin.auth, { company_id: a.companyId, camera_id: mine.camera.camera_id });
    expect(mineImages.json().total).toBe(0);
    const scan = await t.app.db.selectFrom('scans').select('company_id').where('scan_id', '=', res.json().scan.scan_id).executeTakeFirstOrThrow();
    expect(scan.company_id).toBe(b.companyId);
  });

  it('refuses hostile images with a 4xx naming the field, and files nothing', async () => {
    const { camera, ingest_token } = await registered(a, gridA);
    const notImage = await ingest(ingest_token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(notImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notImage.statusCode).toBeLessThan(500);
    const bomb = await ingest(ingest_token, await pngDeclaring(60_000, 60_000));
    expect(bomb.statusCode).toBeGreaterThanOrEqual(400);
    expect(bomb.statusCode).toBeLessThan(500);
    expect(bomb.body).toContain('image');
    const noImage = await kit.call('POST', '/camera_ingest', { authorization: `Bearer ${ingest_token}` }, {}, (() => { const f = new FormData(); f.append('captured_at', 'x'); return f; })());
    expect(noImage.statusCode).toBe(400);
    const page = await kit.call('GET', '/get_camera_images', a.admin.auth, { company_id: a.companyId, camera_id: camera.camera_id });
    expect(page.json().total).toBe(0);
  });
});

describe('camera ids are company-scoped', () => {
  it("refuses another company's camera id on every camera call", async () => {
    const { camera } = await registered(a, gridA);
    const id = camera.camera_id;
    expect((await kit.call('GET', '/get_camera_images', b.admin.auth, { company_id: b.companyId, camera_id: id })).statusCode).toBe(404);
    expect((await kit.call('POST', '/revoke_camera_token', b.admin.auth, {}, { company_id: b.companyId, camera_id: id })).statusCode).toBe(404);
    expect((await kit.call('POST', '/rotate_camera_token', b.admin.auth, {}, { company_id: b.companyId, camera_id: id })).statusCode).toBe(404);
    expect((await kit.call('POST', '/rotate_camera_token', a.regular.auth, {}, { company_id: a.companyId, camera_id: id })).statusCode).toBe(403);
    expect((await kit.call('POST', '/revoke_camera_token', a.regular.auth, {}, { company_id: a.companyId, camera_id: id })).statusCode).toBe(403);
    expect((await kit.call('GET', '/get_cameras', b.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await kit.call('GET', '/get_camera_images', a.admin.auth, { company_id: a.companyId, camera_id: 2 ** 31 })).statusCode).toBe(400);
  });
});
