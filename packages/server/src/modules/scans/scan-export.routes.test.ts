import { beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_MIN_REVIEWS } from '@verdant/contract';
import { makeCardImage, makeLeafImage } from '@verdant/vision/testing';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { pngOf } from '../../test/fixtures/scan-images.js';
import { readZip } from '../../test/fixtures/read-zip.js';
import { modelQuality } from './scan-quality.service.js';

useTwoTenants();
const kit = facilityKit(() => t.app);

interface Scan {
  scan_id: number;
  model: string;
  model_version: string;
  images: Array<{ scan_image_id: number; width: number; height: number }>;
  detections: Array<{ detection_id: number; count: number | null; problem_id: number | null }>;
}
let leaf: Scan;
let card: Scan;
let nitrogen: number;
let addedId: number;

const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${path}`, headers: a.regular.auth, payload: { company_id: a.companyId, ...payload } });
const get = (path: string, who: { auth: Record<string, string> }, query: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${path}`, headers: who.auth, query });

beforeAll(async () => {
  const room = await kit.room(a, 'Export house');
  const box = (await kit.boxes(await kit.grid(a, room, 1, 1, 'Export bench')))[0]!.grid_box_id;
  const scan = async (png: Buffer) => {
    const f = new FormData();
    f.append('company_id', String(a.companyId));
    f.append('scan_type', 'box');
    f.append('grid_box_id', String(box));
    f.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    return (await kit.call('POST', '/create_scan', a.regular.auth, {}, f)).json().scan as Scan;
  };
  leaf = await scan(await pngOf(makeLeafImage({ width: 480, height: 360, seed: 7, lesions: { powdery: 0.12 } }).image));
  card = await scan(await pngOf(makeCardImage({ width: 600, height: 400, seed: 4, insects: 30 }).image));
  nitrogen = (await t.app.db.selectFrom('plant_problems').select('problem_id').where('slug', '=', 'nitrogen-deficiency').executeTakeFirstOrThrow()).problem_id;
  const [first, ...rest] = leaf.detections;
  expect((await post('/review_scan_detection', { detection_id: first!.detection_id, action: 'confirm' })).statusCode).toBe(200);
  for (const d of rest) await post('/review_scan_detection', { detection_id: d.detection_id, action: 'reject' });
  const another = await scan(await pngOf(makeLeafImage({ width: 400, height: 300, seed: 9, lesions: { powdery: 0.1 } }).image));
  expect((await post('/review_scan_detection', { detection_id: another.detections[0]!.detection_id, action: 'reject' })).statusCode).toBe(200);
  const counted = card.detections.find((d) => d.count !== null)!;
  expect((await post('/correct_scan_detection', { detection_id: counted.detection_id, count: counted.count! + 4, regions: [{ type: 'polygon', points: [[0.1, 0.1], [0.4, 0.1], [0.2, 0.5]] }] })).statusCode).toBe(200);
  const added = await post('/add_scan_detection', { scan_image_id: leaf.images[0]!.scan_image_id, problem_id: nitrogen, regions: [{ type: 'box', x: 0.5, y: 0.5, width: 0.5, height: 0.5 }] });
  expect(added.statusCode, added.body).toBe(200);
  addedId = added.json().detection.detection_id;
});

describe('GET /export_scan_examples (zip, COCO)', () => {
  it('streams the reviewed photos and a COCO file whose ids, boxes and categories hold together', async () => {
    const res = await get('/export_scan_examples', a.admin, { company_id: String(a.companyId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="verdant-labelled-examples-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await readZip(res.rawPayload);
    const coco = JSON.parse(files.get('annotations.json')!.toString('utf8'));
    for (const key of ['info', 'licenses', 'images', 'annotations', 'categories']) expect(coco).toHaveProperty(key);
    expect(res.headers['x-export-images']).toBe(String(coco.images.length));
    expect(res.headers['x-export-annotations']).toBe(String(coco.annotations.length));

    const images = new Map<number, { width: number; height: number; file_name: string }>(coco.images.map((i: { id: number }) => [i.id, i]));
    const categories = new Set(coco.categories.map((c: { id: number }) => c.id));
    expect(images.size).toBe(coco.images.length);
    expect(new Set(coco.annotations.map((x: { id: number }) => x.id)).size).toBe(coco.annotations.length);
    for (const image of images.values()) expect(files.get(image.file_name)?.length).toBeGreaterThan(0);
    expect([...files.keys()].filter((n) => n.startsWith('images/'))).toHaveLength(images.size);
    for (const ann of coco.annotations) {
      const image = images.get(ann.image_id)!;
      expect(image, `annotation ${ann.id} names image ${ann.image_id}`).toBeDefined();
      expect(categories.has(ann.category_id), `category ${ann.category_id}`).toBe(true);
      const [x, y, w, h] = ann.bbox as number[];
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x! + w!).toBeLessThanOrEqual(image.width + 0.01);
      expect(y! + h!).toBeLessThanOrEqual(image.height + 0.01);
      expect(ann.segmentation[0].length % 2).toBe(0);
      expect(ann.segmentation[0].length).toBeGreaterThanOrEqual(6);
      expect(ann.area).toBeGreaterThan(0);
      expect(ann.iscrowd).toBe(0);
      expect(ann.verdant).toHaveProperty('engine');
      expect(ann.verdant).toHaveProperty('reviewer');
    }
    const by = (id: number) => coco.annotations.filter((x: { verdant: { detection_id: number } }) => x.verdant.detection_id === id);
    expect(by(addedId)[0]).toMatchObject({ category_id: nitrogen, bbox: [240, 180, 240, 180], verdant: { origin: 'reviewer', engine: { confidence: 0, regions: [] } } });
    const rejected = coco.annotations.filter((x: { verdant: { review: string } }) => x.verdant.review === 'rejected');
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected[0].verdant.reviewer).toMatchObject({ rejected: true, category_id: null });
    const counted = card.detections.find((d) => d.count !== null)!;
    expect(by(counted.detection_id)).toHaveLength(1);
    expect(by(counted.detection_id)[0].verdant).toMatchObject({ regions_from: 'reviewer', reviewer: { count: counted.count! + 4 }, engine: { count: counted.count } });
  });

  it('is for Admins of the company only', async () => {
    expect((await get('/export_scan_examples', a.regular, { company_id: String(a.companyId) })).statusCode).toBe(403);
    expect((await get('/export_scan_examples', b.admin, { company_id: String(a.companyId) })).statusCode).toBe(403);
    expect((await get('/export_scan_examples', a.admin, { company_id: '1\u0000' })).json().field).toBe('company_id');
    const empty = await readZip((await get('/export_scan_examples', b.admin, { company_id: String(b.companyId) })).rawPayload);
    expect(JSON.parse(empty.get('annotations.json')!.toString()).annotations).toEqual([]);
  });
});

describe('GET /get_scan_quality and /get_scan_model_agreement', () => {
  it('counts confirmations, corrections, rejections and additions per model and problem, with the count error', async () => {
    const res = await get('/get_scan_quality', a.admin, { company_id: String(a.companyId) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const model = body.models.find((m: { model: string }) => m.model === leaf.model);
    expect(model).toMatchObject({ confirmed: 1, rejected: leaf.detections.length, corrected: 1, added: 1, count_error_mean: 4, count_samples: 1, poor: false });
    expect(model.reviewed).toBe(leaf.detections.length + 3);
    expect(body.problems.find((p: { problem_id: number }) => p.problem_id === nitrogen)).toMatchObject({ added: 1, confirmed: 0 });
    expect(body).toMatchObject({ poor_below: 0.7, min_reviews: AGREEMENT_MIN_REVIEWS });
    expect((await get('/get_scan_quality', a.regular, { company_id: String(a.companyId) })).statusCode).toBe(403);
    expect((await get('/get_scan_quality', b.admin, { company_id: String(a.companyId) })).statusCode).toBe(403);
  });

  it("answers a scan's model agreement to any role, 404 for another company's scan", async () => {
    const res = await get('/get_scan_model_agreement', a.regular, { company_id: String(a.companyId), scan_id: String(leaf.scan_id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quality).toMatchObject({ model: leaf.model, model_version: leaf.model_version, confirmed: 1 });
    expect((await get('/get_scan_model_agreement', b.regular, { company_id: String(b.companyId), scan_id: String(leaf.scan_id) })).statusCode).toBe(404);
    expect((await get('/get_scan_model_agreement', a.regular, { company_id: String(a.companyId), scan_id: String(2 ** 31) })).json().field).toBe('scan_id');
  });

  it('calls agreement poor only from the minimum sample on', () => {
    const row = (confirmed: number, rejected: number) => [{ model: 'm', model_version: '1', problem_id: 1, problem: 'P', confirmed, corrected: 0, rejected, added: 0, count_error_sum: 0, count_samples: 0 }];
    expect(modelQuality('m', '1', row(5, 10)).poor).toBe(false);
    expect(modelQuality('m', '1', row(10, 10))).toMatchObject({ poor: true, agreement: 0.5, reviewed: 20 });
    expect(modelQuality('m', '1', row(14, 6)).poor).toBe(false);
  });
});
