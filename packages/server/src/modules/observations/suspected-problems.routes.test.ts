import { beforeAll, describe, expect, it } from 'vitest';
import { makeLeafImage } from '@verdant/vision/testing';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';
import { makeTemplate, SCOUTING_FIELDS } from '../../test/fixtures/form-responses.test-kit.js';
import { pngOf } from '../../test/fixtures/scan-images.js';
import { confirmSuspected, fileObservations } from './observations.service.js';

// Suspected problems and the one observation writer (issues 18 and 21): every source files through the
// observations module; a scan's detections wait as suspected problems until a reviewer decides.
useTwoTenants();
const kit = facilityKit(() => t.app);

let roomId: number;
let gridId: number;
let boxId: number;
let leafPng: Buffer;

beforeAll(async () => {
  roomId = await kit.room(a, 'Suspect house');
  gridId = await kit.grid(a, roomId, 2, 2, 'Suspect bench');
  boxId = (await kit.boxes(gridId))[0]!.grid_box_id;
  leafPng = await pngOf(makeLeafImage({ width: 480, height: 360, seed: 7, lesions: { powdery: 0.12 } }).image);
});

function scanForm(tenant: Tenant) {
  const f = new FormData();
  f.append('company_id', String(tenant.companyId));
  f.append('scan_type', 'box');
  f.append('grid_box_id', String(boxId));
  f.append('images', new Blob([new Uint8Array(leafPng)], { type: 'image/png' }), 'leaf.png');
  return f;
}
type Detection = { detection_id: number; observation_id: number | null; label: string; confidence: number; observation_status: string | null };
async function scanLeaf(tenant: Tenant = a) {
  const res = await kit.call('POST', '/create_scan', tenant.regular.auth, {}, scanForm(tenant));
  expect(res.statusCode, res.body).toBe(200);
  const scan = res.json().scan as { scan_id: number; detections: Detection[] };
  return { scan, powdery: scan.detections.find((d) => d.label === 'powdery')! };
}
const review = (d: Detection, action: 'confirm' | 'reject', who = a.regular) =>
  kit.call('POST', '/review_scan_detection', who.auth, {}, { company_id: a.companyId, detection_id: d.detection_id, action });
const setRule = (fields: Record<string, string | number>, who = a.admin, companyId = a.companyId) =>
  kit.call('POST', '/set_company_suspected_alerts', who.auth, { company_id: companyId, ...fields });
const observation = (id: number) => t.app.db.selectFrom('problem_observations').selectAll().where('observation_id', '=', id).executeTakeFirst();
const listTotal = async (status: string) =>
  (await kit.call('GET', '/get_problem_observations', a.regular.auth, { company_id: a.companyId, status })).json().total_count as number;
const dayCounts = async () => {
  const row = await t.app.db.selectFrom('problem_observation_days')
    .select((eb) => [eb.fn.sum<string>('open_count').as('open'), eb.fn.sum<string>('suspected_count').as('suspected'), eb.fn.sum<string>('dismissed_count').as('dismissed')])
    .where('company_id', '=', a.companyId).executeTakeFirstOrThrow();
  return { open: Number(row.open ?? 0), suspected: Number(row.suspected ?? 0), dismissed: Number(row.dismissed ?? 0) };
};

/** An automation on Powdery mildew observed, by email; answers a reader of its deliveries' keys and titles. */
async function powderyAutomation() {
  const made = await kit.call('POST', `/Create_new_notification?user_id=${a.admin.user_id}`, a.admin.auth, {}, {
    trigger: 'problem_observed', problem_type: 'Powdery mildew', method: 'email', email_recipient: 'grower@example.com',
  });
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().notification.notification_id as number;
  const deliveries = async () => (await t.app.db.selectFrom('notification_deliveries').select(['event_key', 'message']).where('notification_id', '=', id).orderBy('delivery_id').execute())
    .map((d) => ({ key: d.event_key, title: (typeof d.message === 'string' ? JSON.parse(d.message) : d.message).title as string }));
  const remove = () => kit.call('DELETE', '/delete_notification', a.admin.auth, { notification_id: id, user_id: a.admin.user_id });
  return { deliveries, remove };
}

describe('the alert rule for suspected problems (company setting)', () => {
  it('defaults to confirmed only; an Admin sets off, above a confidence or confirmed; bad values name the field', async () => {
    const read = await kit.call('GET', '/get_company_suspected_alerts', a.regular.auth, { company_id: a.companyId });
    expect(read.json()).toEqual({ status: 'success', suspected_alerts: { mode: 'confirmed', min_confidence: 0.8 } });
    const above = await setRule({ mode: 'above', min_confidence: 0.6 });
    expect(above.statusCode, above.body).toBe(200);
    expect(above.json().suspected_alerts).toEqual({ mode: 'above', min_confidence: 0.6 });
    // A confidence not sent is kept.
    expect((await setRule({ mode: 'off' })).json().suspected_alerts).toEqual({ mode: 'off', min_confidence: 0.6 });
    expect((await setRule({ mode: 'sometimes' })).json()).toMatchObject({ status: 'error', field: 'mode' });
    expect((await setRule({ mode: 'above', min_confidence: 1.5 })).json()).toMatchObject({ status: 'error', field: 'min_confidence' });
    expect((await setRule({ mode: 'above' }, a.regular)).statusCode).toBe(403);
    expect((await setRule({ mode: 'above' }, a.admin, b.companyId)).statusCode).toBe(403);
    const audit = await t.app.db.selectFrom('audit_events').select('after').where('company_id', '=', a.companyId).where('action', '=', 'company_settings.update').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    await setRule({ mode: 'confirmed', min_confidence: 0.8 });
  });
});

describe('a scan files suspected problems, counted apart', () => {
  it('is not an open observation: the list, the map and the trends count it apart, with its confidence', async () => {
    const before = { open: await listTotal('open'), suspected: await listTotal('suspected'), days: await dayCounts() };
    const { powdery, scan } = await scanLeaf();
    const filed = scan.detections.filter((d) => d.observation_id !== null).length;
    expect(powdery).toMatchObject({ observation_status: 'suspected' });
    expect(await observation(powdery.observation_id!)).toMatchObject({ status: 'suspected', source: 'scan', confidence: powdery.confidence });
    expect(await listTotal('open')).toBe(before.open);
    expect(await listTotal('suspected')).toBe(before.suspected + filed);
    expect(await dayCounts()).toEqual({ ...before.days, suspected: before.days.suspected + filed });
    const list = await kit.call('GET', '/get_problem_observations', a.regular.auth, { company_id: a.companyId, status: 'suspected', room_id: roomId });
    expect(list.json().observations).toContainEqual(expect.objectContaining({ ProblemID: powdery.observation_id, Status: 'suspected', Confidence: powdery.confidence }));
    const circles = await kit.call('GET', '/get_unresolved_problems_for_grid_circles', a.regular.auth, { grid_id: gridId });
    const box = circles.json().data.Boxes.find((x: { GridBoxID: number }) => x.GridBoxID === boxId);
    expect(box.circles.find((c: { Problem: string }) => c.Problem === 'Powdery mildew')).toBeUndefined();
    expect(box.suspected).toContainEqual(expect.objectContaining({ Problem: 'Powdery mildew', confidence: expect.any(Number) }));
    const trends = (await kit.call('GET', '/get_problem_trends', a.regular.auth, { company_id: a.companyId })).json();
    expect(trends.trends.find((s: { label: string }) => s.label === 'Powdery mildew')).toBeUndefined();
    expect(trends.suspected.find((s: { label: string }) => s.label === 'Powdery mildew').total).toBeGreaterThanOrEqual(1);
    const room = (await kit.call('GET', '/get_unresolved_problems_for_room', a.regular.auth, { room_id: roomId })).json();
    expect(room.problems.map((p: { ProblemID: number }) => p.ProblemID)).not.toContain(powdery.observation_id);
  });

  it('confirm turns it into an observation and raises problem_observed then (confirmed only)', async () => {
    const auto = await powderyAutomation();
    const { powdery } = await scanLeaf();
    expect(await auto.deliveries()).toEqual([]);
    const days = await dayCounts();
    expect((await review(powdery, 'confirm')).json().detection).toMatchObject({ review: 'confirmed', observation_status: 'open' });
    expect(await observation(powdery.observation_id!)).toMatchObject({ status: 'open', status_changed_by: a.regular.user_id });
    expect(await dayCounts()).toEqual({ ...days, open: days.open + 1, suspected: days.suspected - 1 });
    expect(await auto.deliveries()).toEqual([{ key: `problem:review:${powdery.observation_id}`, title: 'Problem observed: Powdery mildew' }]);
    await auto.remove();
  });

  it('reject removes it from every count, the per-day counts included', async () => {
    const { powdery } = await scanLeaf();
    const before = { suspected: await listTotal('suspected'), dismissed: await listTotal('dismissed'), days: await dayCounts() };
    const rejected = await review(powdery, 'reject');
    expect(rejected.json().detection).toMatchObject({ review: 'rejected', observation_id: null, observation_status: null });
    expect(await observation(powdery.observation_id!)).toBeUndefined();
    expect(await listTotal('suspected')).toBe(before.suspected - 1);
    expect(await listTotal('dismissed')).toBe(before.dismissed);
    expect(await dayCounts()).toEqual({ ...before.days, suspected: before.days.suspected - 1 });
    // Changing one's mind files it again, as an observation now.
    const again = (await review(powdery, 'confirm')).json().detection;
    expect(again).toMatchObject({ review: 'confirmed', observation_status: 'open' });
    expect(again.observation_id).not.toBe(powdery.observation_id);
  });

  it('two reviews of one detection at once take turns: one observation, one alert', async () => {
    const auto = await powderyAutomation();
    const { powdery } = await scanLeaf();
    const [one, two] = await Promise.all([review(powdery, 'confirm'), review(powdery, 'confirm', a.admin)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().detection.observation_id).toBe(powdery.observation_id);
    expect(two.json().detection.observation_id).toBe(powdery.observation_id);
    expect(await auto.deliveries()).toHaveLength(1);
    const [x, y] = await Promise.all([review(powdery, 'reject'), review(powdery, 'confirm', a.admin)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const last = (await kit.call('GET', '/get_scan_details', a.regular.auth, { company_id: a.companyId, scan_id: (await t.app.db.selectFrom('scan_detections').select('scan_id').where('detection_id', '=', powdery.detection_id).executeTakeFirstOrThrow()).scan_id })).json();
    const d = last.scan.detections.find((z: Detection) => z.detection_id === powdery.detection_id);
    // Whichever came last stands, and the observation agrees with it.
    expect(d.review === 'rejected' ? d.observation_status : 'open').toBe(d.review === 'rejected' ? 'dismissed' : 'open');
    await auto.remove();
  });
});

describe('alerts for suspected problems follow the company rule', () => {
  it('above a confidence: alerts at once saying "suspected", and confirming does not alert again', async () => {
    const auto = await powderyAutomation();
    await setRule({ mode: 'above', min_confidence: 0 });
    const { powdery, scan } = await scanLeaf();
    const sent = await auto.deliveries();
    expect(sent).toEqual([{ key: `problem:scan:${scan.scan_id}`, title: expect.stringMatching(/^Suspected problem: Powdery mildew \(\d+% confidence\)$/) }]);
    const message = await t.app.db.selectFrom('notification_deliveries').select('message').where('event_key', '=', `problem:scan:${scan.scan_id}`).executeTakeFirstOrThrow();
    expect(JSON.stringify(message.message)).toContain('not yet confirmed by a scout');
    await review(powdery, 'confirm');
    expect(await auto.deliveries()).toHaveLength(1);
    await auto.remove();
  });

  it('above a confidence it does not reach: no alert until confirmed', async () => {
    const auto = await powderyAutomation();
    await setRule({ mode: 'above', min_confidence: 0.9 });
    // A camera's weak detection, filed as the scan service files it.
    const place = { room_id: roomId, grid_id: gridId, grid_box_id: boxId, sub_gridbox_id: null };
    const problem = await t.app.db.selectFrom('plant_problems').select(['problem_id', 'name']).where('slug', '=', 'powdery-mildew').executeTakeFirstOrThrow();
    const [id] = await t.app.db.transaction().execute((trx) => fileObservations({ db: trx }, {
      companyId: a.companyId, source: 'scan', originId: 987_654, observedBy: a.regular.user_id, observedAt: new Date(), suspected: true,
      observations: [{ place, problem: problem.name, problem_id: problem.problem_id, severity: null, notes: 'camera', confidence: 0.5 }],
    }));
    expect(await auto.deliveries()).toEqual([]);
    await t.app.db.transaction().execute((trx) => confirmSuspected({ db: trx }, {
      companyId: a.companyId, observationId: id!, problem: { name: problem.name, problem_id: problem.problem_id }, userId: a.regular.user_id, at: new Date(),
      filing: { place, severity: null, notes: 'camera', confidence: 0.5, observedAt: new Date() },
    }));
    expect(await observation(id!)).toMatchObject({ status: 'open', confidence: 0.5 });
    expect(await auto.deliveries()).toEqual([{ key: `problem:review:${id}`, title: 'Problem observed: Powdery mildew' }]);
    await auto.remove();
  });

  it('off: neither the scan nor its confirmation alerts', async () => {
    const auto = await powderyAutomation();
    await setRule({ mode: 'off' });
    const { powdery } = await scanLeaf();
    await review(powdery, 'confirm');
    expect(await observation(powdery.observation_id!)).toMatchObject({ status: 'open' });
    expect(await auto.deliveries()).toEqual([]);
    await auto.remove();
    await setRule({ mode: 'confirmed', min_confidence: 0.8 });
  });

  it('action thresholds count confirmed observations only, unless suspected ones above the confidence alert', async () => {
    const made = await kit.call('POST', '/save_action_threshold', a.admin.auth, { company_id: a.companyId }, {
      problem: 'Powdery mildew', room_id: roomId, metric: 'count', window_hours: 24, amber: 500, red: 1000,
    });
    expect(made.statusCode, made.body).toBe(200);
    const crossings = () => t.app.db.selectFrom('threshold_crossings').selectAll().where('company_id', '=', a.companyId).execute();
    // Measured directly: the count a crossing would compare with its levels.
    const { evaluateThresholds } = await import('../thresholds/thresholds.evaluate.js');
    const low = await t.app.db.transaction().execute((trx) => evaluateThresholds(trx, { companyId: a.companyId, actorId: null, roomId, gridBoxId: null, problems: ['Powdery mildew'] }));
    expect(low).toEqual([]);
    const suspectedHere = Number((await t.app.db.selectFrom('problem_observations').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', a.companyId).where('room_id', '=', roomId).where('status', '=', 'suspected').executeTakeFirstOrThrow()).n);
    const confirmedHere = Number((await t.app.db.selectFrom('problem_observations').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', a.companyId).where('room_id', '=', roomId).where('status', 'in', ['open', 'resolved']).where('problem', '=', 'Powdery mildew').executeTakeFirstOrThrow()).n);
    expect(suspectedHere).toBeGreaterThan(0);
    await t.app.db.updateTable('action_thresholds').set({ amber: confirmedHere + 1, red: 1000 }).where('company_id', '=', a.companyId).execute();
    const confirmedOnly = await t.app.db.transaction().execute((trx) => evaluateThresholds(trx, { companyId: a.companyId, actorId: null, roomId, gridBoxId: null, problems: ['Powdery mildew'], suspectedFrom: null }));
    expect(confirmedOnly).toEqual([]);
    const withSuspected = await t.app.db.transaction().execute((trx) => evaluateThresholds(trx, { companyId: a.companyId, actorId: null, roomId, gridBoxId: null, problems: ['Powdery mildew'], suspectedFrom: 0 }));
    expect(withSuspected).toEqual([expect.objectContaining({ level: 'amber' })]);
    expect(await crossings()).toHaveLength(1);
  });
});

describe('every source files through the observations module', () => {
  it('a batch problem alerts automations and counts like a scout\'s observation', async () => {
    const auto = await powderyAutomation();
    const batch = await makeBatch(t.app, a.companyId);
    const res = await kit.call('POST', '/create_batch_problem', a.regular.auth, {}, {
      batch_id: batch, problem_type: 'Powdery mildew', severity: 2, company_id: a.companyId, user_id: a.regular.user_id, room_ids: String(roomId),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json().ProblemIDs as number[];
    expect(await observation(id!)).toMatchObject({ source: 'batch_problem', status: 'open', batch_id: batch, room_id: roomId });
    expect(await auto.deliveries()).toEqual([{ key: `problem:batch:${id}`, title: 'Problem observed: Powdery mildew' }]);
    await auto.remove();
  });

  it('a form response files open observations keyed on the response; resolving one (unresolved problems) records its action', async () => {
    const auto = await powderyAutomation();
    const form = await makeTemplate(t.app, a.companyId, 'Walk', 'scouting', SCOUTING_FIELDS);
    const res = await t.app.inject({
      method: 'POST', url: '/api/submit_form', headers: a.regular.auth as Record<string, string>,
      payload: { submittedBy: a.regular.user_id, GridBoxID: boxId, fieldResponses: [
        { fieldID: form.field['Problem']!, inputData: 'Powdery mildew' }, { fieldID: form.field['Irrigation ok']!, inputData: 'Yes' },
        { fieldID: form.field['Irrigation issue']!, inputData: 'none' },
      ] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const responseId = res.json().response_id as number;
    const obs = await t.app.db.selectFrom('problem_observations').selectAll().where('response_id', '=', responseId).execute();
    expect(obs).toEqual([expect.objectContaining({ source: 'form', status: 'open', problem: 'Powdery mildew', confidence: null })]);
    expect(await auto.deliveries()).toEqual([{ key: `problem:${responseId}`, title: 'Problem observed: Powdery mildew' }]);
    const resolved = await kit.call('POST', '/manage_problem', a.regular.auth, {}, { problemID: obs[0]!.observation_id, action: 'resolve', userID: a.regular.user_id });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const actions = await t.app.db.selectFrom('observation_actions').select(['action', 'user_id']).where('observation_id', '=', obs[0]!.observation_id).execute();
    expect(actions).toEqual([{ action: 'resolve', user_id: a.regular.user_id }]);
    await auto.remove();
  });
});
