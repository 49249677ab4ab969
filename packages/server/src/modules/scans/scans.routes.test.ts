import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDate, scanReviewMessages } from '@verdant/contract';
import { makeCardImage, makeLeafImage, makeSkyImage } from '@verdant/vision/testing';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { makeUser } from '../../test/factories.js';
import { pngDeclaring, pngOf, solidPng } from '../../test/fixtures/scan-images.js';
import { tinyColourClassifier } from '../../test/fixtures/tiny-onnx.js';

const modelDir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-scan-models-'));
await fs.writeFile(path.join(modelDir, 'colours.onnx'), tinyColourClassifier(16));
await fs.writeFile(path.join(modelDir, 'colours.labels.txt'), 'powdery-mildew\nnitrogen-deficiency\nhealthy\n');
afterAll(() => fs.rm(modelDir, { recursive: true, force: true }));

useTwoTenants({ aiModelDir: modelDir });
const kit = facilityKit(() => t.app);

let roomId: number;
let gridId: number;
let boxId: number;
let otherBoxId: number;
let otherGridId: number;
let leafPng: Buffer;
let leafExpected: number;

beforeAll(async () => {
  roomId = await kit.room(a, 'Scan house');
  gridId = await kit.grid(a, roomId, 2, 2, 'Scan bench');
  const boxes = await kit.boxes(gridId);
  boxId = boxes[0]!.grid_box_id;
  otherBoxId = boxes[1]!.grid_box_id;
  otherGridId = await kit.grid(a, roomId, 1, 1, 'Other bench');
  const leaf = makeLeafImage({ width: 480, height: 360, seed: 7, lesions: { powdery: 0.12 } });
  leafPng = await pngOf(leaf.image);
  leafExpected = leaf.expected.powdery * 100;
});

type Fields = Record<string, string | number | Buffer | Buffer[]>;
function form(fields: Fields) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    const list = Array.isArray(v) ? v : [v];
    for (const [i, item] of list.entries()) {
      if (Buffer.isBuffer(item)) f.append(k, new Blob([new Uint8Array(item)], { type: 'image/png' }), `photo-${i}.png`);
      else f.append(k, String(item));
    }
  }
  return f;
}

const scan = (who: { auth: object }, fields: Fields, headers: object = {}) =>
  kit.call('POST', '/create_scan', { ...who.auth, ...headers }, {}, form(fields));
const boxScan = (tenant: Tenant, fields: Fields = {}) =>
  scan(tenant.regular, { company_id: tenant.companyId, scan_type: 'box', grid_box_id: boxId, images: leafPng, ...fields });

const observationsOf = (ids: number[]) =>
  t.app.db.selectFrom('problem_observations').selectAll().where('observation_id', 'in', ids.length ? ids : [0]).execute();

describe('GET /get_ai_models and the ai_model setting', () => {
  it('lists the built-in models and the configured classifier, with the company choice', async () => {
    const res = await kit.call('GET', '/get_ai_models', a.regular.auth, { company_id: a.companyId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.default_model).toBe('plantDiseaseRecognition');
    expect(body.ai_model).toBe('plantDiseaseRecognition');
    expect(body.models.map((m: { name: string }) => m.name)).toEqual(['plantDiseaseRecognition', 'pestDetection', 'stickyTrapCounter', 'nutrientDeficiency', 'colours']);
    expect(body.models[0]).toMatchObject({ type: 'builtin', engine: 'verdant-vision' });
    expect(body.models[4]).toMatchObject({ type: 'onnx', engine: 'onnxruntime' });
    expect((await kit.call('GET', '/get_ai_models', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });

  it('accepts any offered model as the company setting and names the offered ones otherwise', async () => {
    const set = (model: string) => kit.call('POST', '/set_company_ai_model', b.admin.auth, { company_id: b.companyId, ai_model: model });
    expect((await set('colours')).json().ai_model).toBe('colours');
    const bad = await set('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ai_model must be one of plantDiseaseRecognition, pestDetection, stickyTrapCounter, nutrientDeficiency, colours.');
    expect((await set('../etc/passwd')).statusCode).toBe(400);
    expect((await set('plantDiseaseRecognition')).statusCode).toBe(200);
  });
});

describe('POST /create_scan', () => {
  it('scans a leaf of a box: measured powdery area, a suspected problem (source scan) with its confidence, room and grid marked scanned', async () => {
    const res = await boxScan(a);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().scan;
    expect(s).toMatchObject({
      scan_type: 'box', kind: 'leaf', status: 'needs_review', RoomID: roomId, GridID: gridId, GridBoxID: boxId,
      ai_model: 'plantDiseaseRecognition', engine: 'verdant-vision', model: 'plantDiseaseRecognition', image_count: 1, created_by: a.regular.user_id,
    });
    expect(s.images[0]).toMatchObject({ kind: 'leaf', width: 480, height: 360 });
    const powdery = s.detections.find((d: { label: string }) => d.label === 'powdery');
    expect(powdery).toMatchObject({ problem: 'Powdery mildew', review: 'pending', observation_status: 'suspected' });
    expect(Math.abs(powdery.affected_percent - leafExpected)).toBeLessThanOrEqual(5);
    expect(powdery.regions.length).toBeGreaterThan(0);
    const [obs] = await observationsOf([powdery.observation_id]);
    expect(obs).toMatchObject({
      source: 'scan', problem: 'Powdery mildew', grid_box_id: boxId, grid_id: gridId, room_id: roomId, observed_by: a.regular.user_id, status: 'suspected',
      confidence: powdery.confidence,
    });
    const room = await t.app.db.selectFrom('rooms').select(['scanned', 'last_scanned_by']).where('room_id', '=', roomId).executeTakeFirstOrThrow();
    const grid = await t.app.db.selectFrom('grids').select(['scanned', 'last_scanned_by']).where('grid_id', '=', gridId).executeTakeFirstOrThrow();
    expect(room).toEqual({ scanned: true, last_scanned_by: a.regular.user_id });
    expect(grid).toEqual({ scanned: true, last_scanned_by: a.regular.user_id });
  });

  it('tells automations on a problem observed once a reviewer confirms it (confirmed only, the default), not while it is suspected', async () => {
    const made = await kit.call('POST', `/Create_new_notification?user_id=${a.admin.user_id}`, a.admin.auth, {}, {
      trigger: 'problem_observed', problem_type: 'Powdery mildew', method: 'email', email_recipient: 'grower@example.com',
    });
    expect(made.statusCode, made.body).toBe(200);
    const notificationId = made.json().notification.notification_id as number;
    const res = await boxScan(a);
    expect(res.statusCode, res.body).toBe(200);
    const scanId = res.json().scan.scan_id as number;
    const clear = await scan(a.regular, { company_id: a.companyId, scan_type: 'box', grid_box_id: boxId, images: await pngOf(makeSkyImage(320, 240)) });
    expect(clear.json().scan.detections).toEqual([]);
    const deliveries = () => t.app.db.selectFrom('notification_deliveries').select(['event_key', 'event_type', 'channel'])
      .where('notification_id', '=', notificationId).execute();
    expect(scanId).toBeGreaterThan(0);
    expect(await deliveries()).toEqual([]);
    const powdery = res.json().scan.detections.find((d: { label: string }) => d.label === 'powdery');
    const confirmed = await kit.call('POST', '/review_scan_detection', a.regular.auth, {}, { company_id: a.companyId, detection_id: powdery.detection_id, action: 'confirm' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await deliveries()).toEqual([{ event_key: `problem:review:${powdery.observation_id}`, event_type: 'problem_observed', channel: 'email' }]);
    await kit.call('DELETE', '/delete_notification', a.admin.auth, { notification_id: notificationId, user_id: a.admin.user_id });
  });

  it('counts insects on a sticky card scanned for a grid', async () => {
    const card = makeCardImage({ width: 900, height: 600, seed: 4, insects: 60 });
    const res = await scan(a.regular, { company_id: a.companyId, scan_type: 'grid', grid_id: gridId, images: await pngOf(card.image) });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().scan;
    expect(s.kind).toBe('sticky_trap');
    const counted = s.detections.reduce((n: number, d: { count: number }) => n + d.count, 0);
    expect(Math.abs(counted - 60)).toBeLessThanOrEqual(3);
    expect(s.images[0].analysis.total).toBe(counted);
  });

  it('says so and files nothing for a photo that is neither a leaf nor a card, and is not sure (uncertain), never clear', async () => {
    const res = await scan(a.regular, { company_id: a.companyId, scan_type: 'room', room_id: roomId, images: await pngOf(makeSkyImage(320, 240)) });
    expect(res.json().scan).toMatchObject({ kind: 'unknown', status: 'uncertain', detections: [] });
    const { analysis } = res.json().scan.images[0];
    expect(analysis.reason).toBe('not a leaf or a sticky card');
    expect(analysis.doubts.length).toBeGreaterThan(0);
    expect(analysis.looked_at).toBeNull();
    const listed = await kit.call('GET', '/get_scan_history', a.regular.auth, { company_id: a.companyId, status: 'uncertain' });
    expect(listed.json().scans.map((s: { scan_id: number }) => s.scan_id)).toContain(res.json().scan.scan_id);
  });

  it('lets a person who checked an uncertain scan by eye mark it reviewed (audited), only an uncertain one, only their company', async () => {
    const made = (await scan(a.regular, { company_id: a.companyId, scan_type: 'room', room_id: roomId, images: await pngOf(makeSkyImage(320, 240)) })).json().scan;
    const check = (who: { auth: object }, company: number, scanId: number) =>
      kit.call('POST', '/mark_scan_checked', who.auth, {}, { company_id: company, scan_id: scanId });
    expect((await check(b.regular, b.companyId, made.scan_id)).statusCode).toBe(404);
    expect((await check(b.regular, a.companyId, made.scan_id)).statusCode).toBe(403);
    expect((await check(a.regular, a.companyId, 'x' as unknown as number)).json()).toMatchObject({ status: 'error', field: 'scan_id' });
    const res = await check(a.regular, a.companyId, made.scan_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Scan checked by eye: nothing found.', scan_status: 'reviewed' });
    expect((await check(a.regular, a.companyId, made.scan_id)).json()).toMatchObject({ scan_status: 'reviewed' });
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'scan').where('entity_id', '=', String(made.scan_id)).where('action', '=', 'scan.check').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: a.regular.user_id });
    const found = (await boxScan(a)).json().scan;
    const refused = await check(a.regular, a.companyId, found.scan_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'scan_id', message: 'Only a scan the engine was not sure of (status uncertain) can be marked as checked.' });
  });

  it('is clear only for a whole healthy leaf it is sure of, and shows where it looked', async () => {
    const res = await scan(a.regular, { company_id: a.companyId, scan_type: 'room', room_id: roomId, images: await pngOf(makeLeafImage({ width: 480, height: 360, seed: 3 }).image) });
    expect(res.json().scan).toMatchObject({ kind: 'leaf', status: 'clear', detections: [] });
    expect(res.json().scan.images[0].analysis).toMatchObject({ doubts: [], looked_at: { type: 'box' }, affected_percent: 0 });
  });

  it('runs a configured ONNX classifier when asked, naming it and its version', async () => {
    const res = await boxScan(a, { ai_model: 'colours', images: await solidPng([235, 225, 20]) });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().scan;
    expect(s).toMatchObject({ ai_model: 'colours', engine: 'onnxruntime', model: 'colours' });
    expect(s.model_version).toMatch(/^[0-9a-f]{12}$/);
    expect(s.detections).toHaveLength(1);
    expect(s.detections[0]).toMatchObject({ label: 'nitrogen-deficiency', problem: 'Nitrogen (N) deficiency' });
    expect((await observationsOf([s.detections[0].observation_id]))[0]).toMatchObject({ source: 'scan', problem_id: s.detections[0].problem_id });
  });

  it("uses the company's model when none is sent", async () => {
    const bBox = (await kit.boxes(await kit.grid(b, await kit.room(b, 'B house'), 1, 1)))[0]!.grid_box_id;
    expect((await kit.call('POST', '/set_company_ai_model', b.admin.auth, { company_id: b.companyId, ai_model: 'colours' })).statusCode).toBe(200);
    const res = await scan(b.regular, { company_id: b.companyId, scan_type: 'box', grid_box_id: bBox, images: await solidPng([250, 250, 250]) });
    expect(res.json().scan).toMatchObject({ ai_model: 'colours', engine: 'onnxruntime' });
    expect(res.json().scan.detections[0].label).toBe('powdery-mildew');
  });

  it('stores several photos in order, and the phone analysis beside the server one', async () => {
    const res = await boxScan(a, { images: [leafPng, await solidPng([90, 90, 90])], client_analysis: JSON.stringify({ engine: 'verdant-vision', kind: 'leaf' }) });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().scan;
    expect(s.images.map((i: { position: number }) => i.position)).toEqual([0, 1]);
    expect(s.client_analysis).toEqual({ engine: 'verdant-vision', kind: 'leaf' });
  });

  it('refuses bad input naming the field', async () => {
    const expect400 = async (fields: Fields, field: string, message?: string) => {
      const res = await scan(a.regular, { company_id: a.companyId, scan_type: 'box', grid_box_id: boxId, images: leafPng, ...fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      if (message) expect(res.json().message).toBe(message);
    };
    const noImages = await scan(a.regular, { company_id: a.companyId, scan_type: 'box', grid_box_id: boxId });
    expect(noImages.json()).toMatchObject({ field: 'images', message: 'images is required.' });
    await expect400({ scan_type: 'plant' }, 'scan_type', 'scan_type must be one of box, grid, room.');
    await expect400({ grid_box_id: '' }, 'grid_box_id');
    await expect400({ grid_box_id: 2 ** 31 }, 'grid_box_id');
    await expect400({ grid_id: otherGridId }, 'grid_id', 'grid_id is not the grid of this box.');
    await expect400({ captured_at: '2026-02-31T10:00:00Z' }, 'captured_at');
    await expect400({ client_analysis: 'not json' }, 'client_analysis');
    await expect400({ ai_model: 'missing-model' }, 'ai_model');
    await expect400({ ai_model: 'bad\u0000name' }, 'ai_model');
  });

  it('refuses hostile images: not an image, a truncated file, a huge declared size, too many photos', async () => {
    const send = (images: Buffer | Buffer[]) => scan(a.regular, { company_id: a.companyId, scan_type: 'box', grid_box_id: boxId, images });
    const before = await t.app.db.selectFrom('scans').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const text = await send(Buffer.from('hello, not a photo'));
    expect(text.json()).toMatchObject({ field: 'images', message: 'images must be a JPEG, PNG or WebP image.' });
    expect((await send(leafPng.subarray(0, leafPng.length - 200))).statusCode).toBe(400);
    const bomb = await send(await pngDeclaring(9000, 9000));
    expect(bomb.json()).toMatchObject({ field: 'images', message: 'images is too large (at most 40 megapixels).' });
    expect(bomb.statusCode).toBe(413);
    // Past sharp's own header limit (268 MP) lib/images answers it as not an image: refused either way.
    expect((await send(await pngDeclaring(100_000, 100_000))).json()).toMatchObject({ status: 'error', field: 'images' });
    const second = await send([leafPng, Buffer.from('nope')]);
    expect(second.json()).toMatchObject({ status: 'error', field: 'images.1' });
    const many = await send(new Array<Buffer>(9).fill(leafPng));
    expect(many.statusCode).toBe(413);
    const after = await t.app.db.selectFrom('scans').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refuses another company's company_id (403) and its places (404)", async () => {
    expect((await boxScan(a, { company_id: b.companyId })).statusCode).toBe(403);
    const res = await scan(b.regular, { company_id: b.companyId, scan_type: 'box', grid_box_id: boxId, images: leafPng });
    expect(res.statusCode).toBe(404);
    const room = await scan(b.regular, { company_id: b.companyId, scan_type: 'room', room_id: roomId, images: leafPng });
    expect(room.statusCode).toBe(404);
    const bGrid = await kit.grid(b, await kit.room(b, 'B bay'), 1, 1);
    expect((await boxScan(a, { grid_id: bGrid })).json()).toMatchObject({ error: 'not_found', message: 'Grid not found.' });
  });

  it('is applied once for a repeated Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `scan-${Date.now()}` };
    const fields = { company_id: a.companyId, scan_type: 'box', grid_box_id: otherBoxId, images: leafPng };
    const first = await scan(a.regular, fields, headers);
    const again = await scan(a.regular, fields, headers);
    expect(again.json().scan.scan_id).toBe(first.json().scan.scan_id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const count = await t.app.db.selectFrom('scans').select((eb) => eb.fn.countAll<string>().as('n')).where('grid_box_id', '=', otherBoxId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('history and details', () => {
  it('pages and filters by type, room, grid, status and dates', async () => {
    const list = (q: Record<string, string | number>) => kit.call('GET', '/get_scan_history', a.regular.auth, { company_id: a.companyId, ...q });
    const all = (await list({})).json();
    expect(all.total).toBeGreaterThanOrEqual(5);
    const page = (await list({ per_page: 2, page: 2 })).json();
    expect(page.scans).toHaveLength(2);
    expect(page.scans[0].scan_id).toBe(all.scans[2].scan_id);
    expect((await list({ scan_type: 'grid' })).json().scans.every((s: { scan_type: string }) => s.scan_type === 'grid')).toBe(true);
    expect((await list({ status: 'clear' })).json().scans.every((s: { status: string }) => s.status === 'clear')).toBe(true);
    expect((await list({ room_id: roomId })).json().total).toBe(all.total);
    expect((await list({ grid_id: gridId })).json().scans.every((s: { GridID: number }) => s.GridID === gridId)).toBe(true);
    const today = utcDate();
    expect((await list({ start_date: today, end_date: today })).json().total).toBe(all.total);
    expect((await list({ start_date: '2020-01-01', end_date: '2020-01-02' })).json().total).toBe(0);
    expect((await list({ start_date: '2026-03-02', end_date: '2026-03-01' })).json().field).toBe('start_date');
    expect((await list({ status: 'done' })).statusCode).toBe(400);
    expect((await kit.call('GET', '/get_scan_history', b.regular.auth, { company_id: b.companyId, room_id: roomId })).statusCode).toBe(404);
    expect((await kit.call('GET', '/get_scan_history', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });

  it("answers a scan's details, and 404 to another company", async () => {
    const made = (await boxScan(a)).json().scan;
    const res = await kit.call('GET', '/get_scan_details', a.admin.auth, { company_id: a.companyId, scan_id: made.scan_id });
    expect(res.json().scan).toEqual(made);
    expect((await kit.call('GET', '/get_scan_details', b.admin.auth, { company_id: b.companyId, scan_id: made.scan_id })).statusCode).toBe(404);
  });
});

describe('POST /review_scan_detection', () => {
  it('confirms, corrects and rejects; the observation follows', async () => {
    const s = (await boxScan(a)).json().scan;
    const d = s.detections[0];
    const review = (fields: Record<string, string | number>, who = a.regular) =>
      kit.call('POST', '/review_scan_detection', who.auth, {}, { company_id: a.companyId, detection_id: d.detection_id, ...fields });

    const confirmed = await review({ action: 'confirm' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().detection).toMatchObject({ review: 'confirmed', reviewed_by: a.regular.user_id, observation_status: 'open' });

    const nitrogen = await t.app.db.selectFrom('plant_problems').select(['problem_id', 'name']).where('slug', '=', 'nitrogen-deficiency').executeTakeFirstOrThrow();
    const corrected = await review({ action: 'correct', problem_id: nitrogen.problem_id });
    expect(corrected.json().detection).toMatchObject({ review: 'corrected', corrected_problem_id: nitrogen.problem_id, corrected_problem: nitrogen.name });
    expect((await observationsOf([d.observation_id]))[0]).toMatchObject({ problem: nitrogen.name, problem_id: nitrogen.problem_id, status: 'open' });


    const rejected = await review({ action: 'reject' });
    expect(rejected.json().detection).toMatchObject({ review: 'rejected', observation_status: 'dismissed' });
    const actions = await t.app.db.selectFrom('observation_actions').select('action').where('observation_id', '=', d.observation_id).execute();
    expect(actions.map((x) => x.action)).toEqual(['dismiss']);
    expect((await review({ action: 'confirm' })).json().detection.observation_status).toBe('open');

    const others = s.detections.slice(1);
    for (const o of others) await kit.call('POST', '/review_scan_detection', a.regular.auth, {}, { company_id: a.companyId, detection_id: o.detection_id, action: 'reject' });
    expect((await review({ action: 'confirm' })).json().scan_status).toBe('reviewed');
  });

  it('refuses a correction without a problem, a problem on confirm, and other companies', async () => {
    const d = (await boxScan(a)).json().scan.detections[0];
    const review = (fields: Record<string, string | number>, who = a.regular, company = a.companyId) =>
      kit.call('POST', '/review_scan_detection', who.auth, {}, { company_id: company, detection_id: d.detection_id, ...fields });
    expect((await review({ action: 'correct' })).json()).toMatchObject({ field: 'problem_id', message: 'Send problem_id (the library problem it really is) to correct a detection.' });
    expect((await review({ action: 'confirm', problem_id: 1 })).json().field).toBe('problem_id');
    expect((await review({ action: 'approve' })).json().field).toBe('action');
    expect((await review({ action: 'correct', problem_id: 2 ** 31 - 1 })).json()).toMatchObject({ field: 'problem_id', message: scanReviewMessages.unknownProblem });
    expect((await review({ action: 'confirm' }, b.regular, b.companyId)).statusCode).toBe(404);
    expect((await review({ action: 'confirm' }, b.regular)).statusCode).toBe(403);
  });
});

describe('DELETE /delete_scan', () => {
  it('removes the scan, its observations and its files; only its maker or an Admin may', async () => {
    const s = (await boxScan(a)).json().scan;
    const keys = s.images.flatMap((i: { image_url: string; thumb_url: string }) => [i.image_url, i.thumb_url].map((u) => new URL(u, 'http://x').searchParams.get('key')!));
    for (const key of keys) expect(await t.app.files.exists(key)).toBe(true);
    const del = (who: { auth: object }, company = a.companyId) => kit.call('DELETE', '/delete_scan', who.auth, { company_id: company, scan_id: s.scan_id });

    const otherRegular = await makeUser(t.app, a.companyId, 'Regular');
    expect((await del(otherRegular)).json()).toMatchObject({ message: 'Only the person who made this scan or an Admin can delete it.' });
    expect((await del(b.admin, b.companyId)).statusCode).toBe(404);
    expect((await del(b.admin)).statusCode).toBe(403);

    const res = await del(a.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scan_id: s.scan_id, observations_deleted: s.detections.filter((d: { observation_id: number | null }) => d.observation_id).length, images_deleted: 1 });
    expect(await observationsOf(s.detections.map((d: { observation_id: number }) => d.observation_id))).toEqual([]);
    for (const key of keys) expect(await t.app.files.exists(key)).toBe(false);
    expect((await kit.call('GET', '/get_scan_details', a.admin.auth, { company_id: a.companyId, scan_id: s.scan_id })).statusCode).toBe(404);
    expect((await del(a.admin)).statusCode).toBe(404);
  });
});

// Last: its scans would change the counts the history tests above expect.
describe('scans of one room at once', () => {
  it('all land, with marks of the grid and the room between them: no deadlock on the room, the grid or the room\'s version', async () => {
    const room = await kit.room(a, 'Busy house');
    const grid = await kit.grid(a, room, 3, 2, 'Busy bench');
    const boxes = await kit.boxes(grid);
    // Scans mark the room and then the grid; plain marks of the grid and of the room come in between.
    const marks = [0, 1, 2].flatMap((i) => [
      () => kit.call('POST', '/mark_grid_scanned', { ...a.regular.auth, 'idempotency-key': `busy-grid-${i}-${Date.now()}` }, { grid_id: grid, user_id: a.regular.user_id }),
      () => kit.call('POST', '/mark_room_scanned', { ...a.regular.auth, 'idempotency-key': `busy-room-${i}-${Date.now()}` }, { room_id: room, user_id: a.regular.user_id }),
    ]);
    const answers = await Promise.all([
      ...boxes.map((box, i) =>
        scan(a.regular, { company_id: a.companyId, scan_type: 'box', grid_box_id: box.grid_box_id, images: leafPng }, { 'idempotency-key': `busy-${i}-${Date.now()}` }),
      ),
      ...marks.map((mark) => mark()),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const count = await t.app.db.selectFrom('scans').select((eb) => eb.fn.countAll<string>().as('n')).where('room_id', '=', room).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(boxes.length);
  });
});
