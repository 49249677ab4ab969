import { beforeAll, describe, expect, it } from 'vitest';
import { scanReviewMessages as rmsg } from '@verdant/contract';
import { makeCardImage, makeLeafImage } from '@verdant/vision/testing';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { pngOf } from '../../test/fixtures/scan-images.js';

useTwoTenants();
const kit = facilityKit(() => t.app);

let boxIds: Record<'a' | 'b', number>;
let leafPng: Buffer;
let cardPng: Buffer;
let nitrogen: { problem_id: number; name: string };

beforeAll(async () => {
  const boxOf = async (tenant: Tenant) => {
    const room = await kit.room(tenant, 'Review house');
    return (await kit.boxes(await kit.grid(tenant, room, 1, 1, 'Review bench')))[0]!.grid_box_id;
  };
  boxIds = { a: await boxOf(a), b: await boxOf(b) };
  leafPng = await pngOf(makeLeafImage({ width: 480, height: 360, seed: 7, lesions: { powdery: 0.12 } }).image);
  cardPng = await pngOf(makeCardImage({ width: 600, height: 400, seed: 4, insects: 30 }).image);
  nitrogen = await t.app.db.selectFrom('plant_problems').select(['problem_id', 'name']).where('slug', '=', 'nitrogen-deficiency').executeTakeFirstOrThrow();
});

async function scanOf(tenant: Tenant, png: Buffer) {
  const f = new FormData();
  f.append('company_id', String(tenant.companyId));
  f.append('scan_type', 'box');
  f.append('grid_box_id', String(tenant === a ? boxIds.a : boxIds.b));
  f.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await kit.call('POST', '/create_scan', tenant.regular.auth, {}, f);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().scan as { scan_id: number; images: Array<{ scan_image_id: number }>; detections: Array<{ detection_id: number; count: number | null; affected_percent: number | null; regions: unknown[]; observation_id: number | null }> };
}

const post = (path: string, who: { auth: object }, payload: object, headers: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers: { ...who.auth, ...headers }, payload });
const correct = (fields: object, who: { auth: object } = a.regular) => post('/correct_scan_detection', who, { company_id: a.companyId, ...fields });
const add = (fields: object, who: { auth: object } = a.regular, headers: object = {}) => post('/add_scan_detection', who, { company_id: a.companyId, ...fields }, headers);

describe('POST /correct_scan_detection', () => {
  it("corrects a card's count per size, keeps the engine's answer and audits both", async () => {
    const scan = await scanOf(a, cardPng);
    const d = scan.detections.find((x) => x.count !== null)!;
    const res = await correct({ detection_id: d.detection_id, count: d.count! + 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: rmsg.corrected, detection: { review: 'corrected', count: d.count, reviewed_count: d.count! + 3, origin: 'engine' } });
    const audit = await t.app.db.selectFrom('audit_events').select(['before', 'after']).where('action', '=', 'scan_detection.correct_measure').where('entity_id', '=', String(d.detection_id)).executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ engine: { count: d.count } });
    expect(audit.after).toMatchObject({ reviewed_count: d.count! + 3 });
    const zero = await correct({ detection_id: d.detection_id, count: 0 });
    expect(zero.json().detection).toMatchObject({ reviewed_count: 0, observation_status: 'dismissed' });
  });

  it("corrects a leaf's affected area, redraws and deletes regions, changes the problem", async () => {
    const d = (await scanOf(a, leafPng)).detections[0]!;
    const area = await correct({ detection_id: d.detection_id, affected_percent: 33.5 });
    expect(area.json().detection).toMatchObject({ affected_percent: d.affected_percent, reviewed_affected_percent: 33.5, observation_status: 'open' });
    const polygon = { type: 'polygon', points: [[0.1, 0.1], [0.5, 0.1], [0.3, 0.6]] };
    const redrawn = await correct({ detection_id: d.detection_id, regions: [polygon, { type: 'box', x: 0.6, y: 0.6, width: 0.4, height: 0.4 }] });
    expect(redrawn.json().detection.reviewed_regions).toEqual([polygon, { type: 'box', x: 0.6, y: 0.6, width: 0.4, height: 0.4 }]);
    expect(redrawn.json().detection.regions).toEqual(d.regions);
    expect(redrawn.json().detection.reviewed_affected_percent).toBe(33.5);
    const deleted = await correct({ detection_id: d.detection_id, regions: [] });
    expect(deleted.json().detection.reviewed_regions).toEqual([]);
    const moved = await correct({ detection_id: d.detection_id, problem_id: nitrogen.problem_id });
    expect(moved.json().detection).toMatchObject({ corrected_problem_id: nitrogen.problem_id, corrected_problem: nitrogen.name, reviewed_affected_percent: 33.5 });
    const obs = await t.app.db.selectFrom('problem_observations').select(['problem_id']).where('observation_id', '=', d.observation_id!).executeTakeFirstOrThrow();
    expect(obs.problem_id).toBe(nitrogen.problem_id);
  });

  it('refuses bad input naming the field', async () => {
    const d = (await scanOf(a, leafPng)).detections[0]!;
    const field = async (fields: object) => {
      const res = await correct({ detection_id: d.detection_id, ...fields });
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { field: string; message: string };
    };
    expect(await field({})).toMatchObject({ field: 'count', message: rmsg.nothingToCorrect });
    expect((await field({ count: -1 })).field).toBe('count');
    expect((await field({ count: 1.5 })).field).toBe('count');
    expect((await field({ affected_percent: 101 })).field).toBe('affected_percent');
    expect((await field({ regions: [{ type: 'box', x: 0.9, y: 0, width: 0.2, height: 0.1 }] })).field).toBe('regions.0.width');
    expect((await field({ regions: [{ type: 'box', x: -0.1, y: 0, width: 0.2, height: 0.1 }] })).field).toBe('regions.0.x');
    expect((await field({ regions: [{ type: 'polygon', points: [[0, 0], [1.2, 0], [0.5, 0.5]] }] })).field).toBe('regions.0.points.1.0');
    expect((await field({ regions: [{ type: 'polygon', points: [[0, 0], [1, 0]] }] })).field).toBe('regions.0.points');
    expect((await field({ regions: [{ type: 'circle' }] })).field).toBe('regions.0.type');
    expect((await field({ regions: [{ type: 'box\u0000', x: 0, y: 0, width: 1, height: 1 }] })).field).toBe('regions.0.type');
    expect(await field({ problem_id: 2 ** 31 - 1 })).toMatchObject({ field: 'problem_id', message: rmsg.unknownProblem });
    expect((await correct({ detection_id: 2 ** 31, count: 1 })).json().field).toBe('detection_id');
    // A detection whose label names no library problem (an ONNX label, say) is corrected only with the problem it is.
    await t.app.db.updateTable('scan_detections').set({ problem_id: null, problem: null }).where('detection_id', '=', d.detection_id).execute();
    expect(await field({ count: 3 })).toMatchObject({ field: 'problem_id', message: rmsg.correctionNeedsProblem });
    expect((await correct({ detection_id: d.detection_id, count: 3, problem_id: nitrogen.problem_id })).statusCode).toBe(200);
    expect((await correct({ detection_id: '12\u000034', count: 1 })).json().field).toBe('detection_id');
  });

  it("answers 404 for another company's detection or problem, 403 for its company_id", async () => {
    const theirs = (await scanOf(b, leafPng)).detections[0]!;
    const mine = (await scanOf(a, leafPng)).detections[0]!;
    expect((await correct({ detection_id: theirs.detection_id, count: 1 })).statusCode).toBe(404);
    const own = await t.app.db.insertInto('plant_problems').values({ company_id: b.companyId, slug: `b-only-${b.companyId}`, name: `B only ${b.companyId}`, category: 'pest', solutions: JSON.stringify({ cultural: [], biological: [], chemical: [] }) }).returning('problem_id').executeTakeFirstOrThrow();
    expect((await correct({ detection_id: mine.detection_id, problem_id: own.problem_id })).statusCode).toBe(404);
    expect((await post('/correct_scan_detection', a.regular, { company_id: b.companyId, detection_id: mine.detection_id, count: 1 })).statusCode).toBe(403);
  });
});

describe('POST /add_scan_detection', () => {
  it('adds a missed problem with its region, files its observation, once per Idempotency-Key', async () => {
    const scan = await scanOf(a, leafPng);
    const region = { type: 'box', x: 0.2, y: 0.2, width: 0.3, height: 0.3 };
    const fields = { scan_image_id: scan.images[0]!.scan_image_id, problem_id: nitrogen.problem_id, regions: [region], affected_percent: 12 };
    const res = await add(fields, a.regular, { 'idempotency-key': 'add-missed-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: rmsg.added,
      detection: { origin: 'reviewer', review: 'corrected', problem_id: null, confidence: 0, regions: [], reviewed_regions: [region], corrected_problem: nitrogen.name, reviewed_affected_percent: 12, observation_status: 'open' },
    });
    await add(fields, a.regular, { 'idempotency-key': 'add-missed-1' });
    const added = await t.app.db.selectFrom('scan_detections').select('detection_id').where('scan_id', '=', scan.scan_id).where('origin', '=', 'reviewer').execute();
    expect(added).toHaveLength(1);
    const audit = await t.app.db.selectFrom('audit_events').select('after').where('action', '=', 'scan_detection.add').where('entity_id', '=', String(added[0]!.detection_id)).executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ problem_id: nitrogen.problem_id, reviewed_regions: [region] });
  });

  it("refuses bad input naming the field, and another company's photo or problem", async () => {
    const scan = await scanOf(a, leafPng);
    const base = { scan_image_id: scan.images[0]!.scan_image_id, problem_id: nitrogen.problem_id, regions: [{ type: 'box', x: 0, y: 0, width: 0.5, height: 0.5 }] };
    const fieldOf = async (fields: object) => (await add({ ...base, ...fields })).json().field as string;
    expect(await fieldOf({ regions: [] })).toBe('regions');
    expect(await fieldOf({ regions: undefined })).toBe('regions');
    expect(await fieldOf({ count: -2 })).toBe('count');
    expect(await fieldOf({ problem_id: undefined })).toBe('problem_id');
    expect(await fieldOf({ problem_id: 2 ** 31 - 1 })).toBe('problem_id');
    expect(await fieldOf({ scan_image_id: 'x'.repeat(5000) })).toBe('scan_image_id');
    expect(await fieldOf({ regions: [{ type: 'box', x: 0.5, y: 0.5, width: 0.5, height: 0.6 }] })).toBe('regions.0.height');
    const theirs = await scanOf(b, leafPng);
    expect((await add({ ...base, scan_image_id: theirs.images[0]!.scan_image_id })).statusCode).toBe(404);
    expect((await post('/add_scan_detection', a.regular, { ...base, company_id: b.companyId })).statusCode).toBe(403);
  });
});
