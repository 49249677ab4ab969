import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { SAMPLE_FILE } from '../../test/zod-sample.js';
import type { Tenant } from '../../test/fixtures/facility-test-kit.js';
import { makeTemplate, scoutingPlace } from '../../test/fixtures/form-responses.test-kit.js';
import { DAY_MS, utcDate } from '@verdant/contract';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let place: Awaited<ReturnType<typeof scoutingPlace>>;
let placeB: Awaited<ReturnType<typeof scoutingPlace>>;

const send = (method: 'POST' | 'GET', path: string, headers: object, body: object = {}, key?: string) =>
  t.app.inject({
    method,
    url: `/api${path}`,
    headers: { ...(headers as Record<string, string>), ...(key ? { 'idempotency-key': key } : {}) },
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }
      : { payload: body as Record<string, unknown> }),
  });

const f = (name: string) => place.scouting.field[name]!;
/** A valid scouting answer set; override or add by field name. */
const answers = (over: Record<string, unknown> = {}) =>
  Object.entries({ Problem: 'Thrips', Severity: '3', 'Irrigation ok': 'Yes', ...over }).map(([name, inputData]) => ({ fieldID: f(name), inputData }));

const count = async (table: 'form_responses' | 'problem_observations' | 'field_responses', companyId = a.companyId) =>
  Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  place = await scoutingPlace(t.app, a);
  placeB = await scoutingPlace(t.app, b, 'B room');
  await t.app.db.insertInto('plant_problems').values([
    { company_id: null, slug: 'spider-mites', name: 'Spider Mites', category: 'pest' },
    { company_id: null, slug: 'thrips', name: 'Thrips', category: 'pest' },
    { company_id: a.companyId, slug: 'thrips', name: 'Thrips (ours)', category: 'pest' },
  ]).execute();
});
afterAll(() => t.close());

describe('submit_form', () => {
  it('stores the response and one observation per named problem, matched to the library or the company', async () => {
    const res = await send('POST', '/submit_form', a.regular.auth, {
      submittedBy: a.regular.user_id, GridBoxID: place.boxes[0],
      fieldResponses: answers({ Problem: 'thrips, Spider mites, THRIPS, none', 'Plants affected': 4, Confirmed: true }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', TemplateID: place.scouting.templateId, observations_created: 2 });
    const obs = await t.app.db.selectFrom('problem_observations').selectAll().where('response_id', '=', res.json().response_id).orderBy('observation_id').execute();
    expect(obs.map((o) => [o.problem, o.severity, o.grid_box_id, o.grid_id, o.room_id, o.observed_by, o.source, o.status])).toEqual([
      ['Thrips (ours)', 3, place.boxes[0], place.gridId, place.roomId, a.regular.user_id, 'form', 'open'],
      ['Spider Mites', 3, place.boxes[0], place.gridId, place.roomId, a.regular.user_id, 'form', 'open'],
    ]);
    expect(obs[0]!.field_response_id).not.toBeNull();
    const stored = await send('GET', '/get_field_responses', a.regular.auth, { response_id: res.json().response_id });
    expect(stored.json().fieldResponses.find((x: { FieldName: string }) => x.FieldName === 'Confirmed').inputData).toBe('1');
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'form.submitted').where('entity_id', '=', String(res.json().response_id)).execute();
    expect(audit).toHaveLength(1);
  });

  it('accepts GridBoxIDs with one id (strings), a sub-box, and no place at all', async () => {
    const one = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxIDs: [String(place.boxes[1])], fieldResponses: answers() });
    expect(one.statusCode, one.body).toBe(200);
    const sub = await t.app.db.insertInto('sub_gridboxes').values({ company_id: a.companyId, parent_gridbox_id: place.boxes[2]!, subx: 1, suby: 1 }).returning('sub_gridbox_id').executeTakeFirstOrThrow();
    const bySub = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, Sub_gridboxID: sub.sub_gridbox_id, fieldResponses: answers() });
    expect(bySub.statusCode, bySub.body).toBe(200);
    const row = await t.app.db.selectFrom('problem_observations').selectAll().where('response_id', '=', bySub.json().response_id).executeTakeFirstOrThrow();
    expect([row.grid_box_id, row.sub_gridbox_id]).toEqual([place.boxes[2], sub.sub_gridbox_id]);
    const wrongSub = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], Sub_gridboxID: sub.sub_gridbox_id, fieldResponses: answers() });
    expect(wrongSub.json()).toMatchObject({ message: 'Sub_gridboxID is not in this grid box.', field: 'Sub_gridboxID' });
    const nowhere = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: answers() });
    expect(nowhere.statusCode).toBe(200);
    const several = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxIDs: place.boxes.slice(0, 2), fieldResponses: answers() });
    expect(several.json().message).toMatch(/submit_form_boxes/);
    const both = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], GridBoxIDs: [place.boxes[0]], fieldResponses: answers() });
    expect(both.json().message).toBe('Send either GridBoxID or GridBoxIDs, not both.');
  });

  it('names a missing required field, and neither requires nor keeps a hidden one', async () => {
    const missing = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers({ Problem: '  ' }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 'error', message: 'Problem is required.', field: 'Problem' });

    const shown = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers({ 'Irrigation ok': 'No' }) });
    expect(shown.json()).toMatchObject({ message: 'Irrigation issue is required.', field: 'Irrigation issue' });

    const hidden = await send('POST', '/submit_form', a.regular.auth, {
      submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers({ 'Irrigation ok': 'Yes', 'Irrigation issue': 'ignored text' }),
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const kept = await send('GET', '/get_field_responses', a.regular.auth, { response_id: hidden.json().response_id });
    expect(kept.json().fieldResponses.map((x: { FieldName: string }) => x.FieldName)).not.toContain('Irrigation issue');

    const answered = await send('POST', '/submit_form', a.regular.auth, {
      submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers({ 'Irrigation ok': 'no', 'Irrigation issue': 'Dripper blocked' }),
    });
    expect(answered.statusCode, answered.body).toBe(200);
  });

  it('checks answers by type and names the answer', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ 'Plants affected': 'many' }, 'Plants affected must be a number.', 'inputData'],
      [{ 'Seen on': '2026-02-30' }, 'Seen on must be a date as YYYY-MM-DD.', 'inputData'],
      [{ Stage: 'Harvest' }, 'Stage must be one of: Seedling, Veg, Flower.', 'inputData'],
      [{ Severity: 'extreme' }, 'Severity must be one of: 1, 2, 3, 4, 5.', 'inputData'],
      [{ Confirmed: 'perhaps' }, 'Confirmed must be checked or unchecked (1 or 0).', 'inputData'],
    ];
    for (const [over, message, part] of cases) {
      const res = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers(over) });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().field).toMatch(new RegExp(`^fieldResponses\\[\\d+\\]\\.${part}$`));
    }
  });

  it('refuses unknown, inactive, foreign and mixed fields, and a template that is not theirs', async () => {
    const body = (fieldResponses: unknown, extra: object = {}) => ({ submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses, ...extra });
    const unknown = await send('POST', '/submit_form', a.regular.auth, body([{ fieldID: 987654, inputData: 'x' }]));
    expect(unknown.json()).toMatchObject({ message: 'Field 987654 is not a field of an active form template.', field: 'fieldResponses[0].fieldID' });
    const foreign = await send('POST', '/submit_form', a.regular.auth, body([...answers(), { fieldID: placeB.scouting.field.Notes, inputData: 'x' }]));
    expect(foreign.json()).toMatchObject({ message: `Field ${placeB.scouting.field.Notes} is not a field of an active form template.`, field: 'fieldResponses[3].fieldID' });
    const mixed = await send('POST', '/submit_form', a.regular.auth, body([...answers(), { fieldID: place.traps.field.Whiteflies, inputData: 3 }]));
    expect(mixed.json().message).toBe('All fieldResponses must belong to one form template.');
    const mismatch = await send('POST', '/submit_form', a.regular.auth, body(answers(), { templateID: place.traps.templateId }));
    expect(mismatch.json()).toMatchObject({ field: 'templateID' });
    const dup = await send('POST', '/submit_form', a.regular.auth, body([...answers(), { fieldID: f('Problem'), inputData: 'Aphids' }]));
    expect(dup.json().message).toBe('Problem is answered more than once.');
    const retired = await makeTemplate(t.app, a.companyId, 'Retired', 'scouting', [['Old', 'text', [], false]]);
    await t.app.db.updateTable('form_fields').set({ is_active: false }).where('field_id', '=', retired.field.Old!).execute();
    const inactive = await send('POST', '/submit_form', a.regular.auth, body([{ fieldID: retired.field.Old, inputData: 'x' }]));
    // A missing, retired or foreign field is one answer (404), so nothing tells another company's ids apart.
    expect([unknown.statusCode, foreign.statusCode, inactive.statusCode]).toEqual([404, 404, 404]);
  });

  it('names missing and malformed envelope fields', async () => {
    expect((await send('POST', '/submit_form', a.regular.auth, { fieldResponses: answers() })).json()).toMatchObject({ message: 'submittedBy is required.', field: 'submittedBy' });
    expect((await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id })).json()).toMatchObject({ message: 'fieldResponses is required.' });
    expect((await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: [] })).json().message).toMatch(/at least one answer/);
    expect((await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: [{ inputData: 'x' }] })).json().field).toBe('fieldResponses.0.fieldID');
  });

  it('stores an offline time as observed, within 5 minutes ahead and 30 days back', async () => {
    const at = new Date(Date.now() - 3 * DAY_MS).toISOString();
    const ok = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers(), submittedAt: at });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.app.db.selectFrom('form_responses').select(['observed_at', 'submitted_at']).where('response_id', '=', ok.json().response_id).executeTakeFirstOrThrow();
    expect(new Date(row.observed_at).toISOString()).toBe(at);
    const obs = await t.app.db.selectFrom('problem_observations').select('observed_at').where('response_id', '=', ok.json().response_id).executeTakeFirstOrThrow();
    expect(new Date(obs.observed_at).toISOString()).toBe(at);
    const future = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: answers(), submittedAt: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect(future.json()).toMatchObject({ message: 'submittedAt must not be in the future.', field: 'submittedAt' });
    const old = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: answers(), submittedAt: new Date(Date.now() - 31 * DAY_MS).toISOString() });
    expect(old.json().message).toBe('submittedAt must be within the last 30 days.');
    expect((await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: answers(), submittedAt: 'yesterday' })).statusCode).toBe(400);
  });

  it('records a Regular user naming a colleague as themselves, lets Admins submit for a colleague, and refuses other companies', async () => {
    const submitter = async (responseId: number) =>
      (await t.app.db.selectFrom('form_responses').select('submitted_by').where('response_id', '=', responseId).executeTakeFirstOrThrow()).submitted_by;
    const asOther = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.admin.user_id, fieldResponses: answers() });
    expect(asOther.statusCode, asOther.body).toBe(200);
    expect(await submitter(asOther.json().response_id)).toBe(a.regular.user_id);
    const onBehalf = await send('POST', '/submit_form', a.admin.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers() });
    expect(onBehalf.statusCode).toBe(200);
    expect(await submitter(onBehalf.json().response_id)).toBe(a.regular.user_id);
    const event = await t.app.db.selectFrom('audit_events').select('user_id').where('action', '=', 'form.submitted').where('entity_id', '=', String(onBehalf.json().response_id)).executeTakeFirstOrThrow();
    expect(event.user_id).toBe(a.admin.user_id);
    expect((await send('POST', '/submit_form', b.regular.auth, { submittedBy: b.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers() })).statusCode).toBe(404);
    expect((await send('POST', '/submit_form', b.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: answers() })).statusCode).toBe(404);
    expect((await send('POST', '/submit_form_room', b.regular.auth, { submittedBy: b.regular.user_id, roomID: place.roomId, fieldResponses: answers() })).statusCode).toBe(404);
    expect((await send('POST', '/submit_form_boxes', b.regular.auth, { submittedBy: b.regular.user_id, GridBoxIDs: [String(place.boxes[0])], fieldResponses: answers() })).statusCode).toBe(404);
  });

  it('applies a repeated Idempotency-Key once and answers the first answer', async () => {
    const before = [await count('form_responses'), await count('problem_observations')];
    const body = { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: answers({ Problem: 'Aphids' }) };
    const first = await send('POST', '/submit_form', a.regular.auth, body, 'offline-1');
    const again = await send('POST', '/submit_form', a.regular.auth, body, 'offline-1');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect([await count('form_responses'), await count('problem_observations')]).toEqual([before[0]! + 1, before[1]! + 1]);
  });
});

describe('submit_form_boxes', () => {
  it('writes one response per box and the multi-select audit event per room', async () => {
    const res = await send('POST', '/submit_form_boxes', a.regular.auth, {
      submittedBy: a.regular.user_id, GridBoxIDs: place.boxes.slice(0, 3).map(String), fieldResponses: answers({ Problem: 'Powdery mildew' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: 'Form submitted for 3 grid boxes.', observations_created: 3 });
    expect(body.responses.map((r: { GridBoxID: number }) => r.GridBoxID)).toEqual(place.boxes.slice(0, 3));
    const events = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'form.multiselect_submitted').where('company_id', '=', a.companyId).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ user_id: a.regular.user_id, entity_type: 'room', entity_id: String(place.roomId) });
    expect(events[0]!.after).toMatchObject({
      EventTitle: 'Submitted MultiSelect Template in room Flower Room', CompanyID: a.companyId, UserID: a.regular.user_id, RoomID: place.roomId, BatchID: null, response_ids: body.response_ids,
    });
  });

  it('writes nothing when one box is not the company’s or an answer is wrong', async () => {
    const before = await count('form_responses');
    const foreign = await send('POST', '/submit_form_boxes', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxIDs: [String(place.boxes[0]), String(placeB.boxes[0])], fieldResponses: answers() });
    expect(foreign.statusCode).toBe(404);
    const invalid = await send('POST', '/submit_form_boxes', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxIDs: [String(place.boxes[0])], fieldResponses: answers({ Problem: '' }) });
    expect(invalid.json().message).toBe('Problem is required.');
    expect((await send('POST', '/submit_form_boxes', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: answers() })).json().message).toBe('GridBoxIDs is required.');
    expect((await send('POST', '/submit_form_boxes', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxIDs: ['abc'], fieldResponses: answers() })).statusCode).toBe(400);
    expect(await count('form_responses')).toBe(before);
  });
});

describe('submit_form_room', () => {
  it('answers status success and places observations in the room only', async () => {
    const res = await send('POST', '/submit_form_room', a.regular.auth, { submittedBy: a.regular.user_id, roomID: place.roomId, fieldResponses: answers({ Problem: 'Fungus gnats' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('success');
    const obs = await t.app.db.selectFrom('problem_observations').selectAll().where('response_id', '=', res.json().response_id).executeTakeFirstOrThrow();
    expect([obs.room_id, obs.grid_id, obs.grid_box_id, obs.problem]).toEqual([place.roomId, null, null, 'Fungus gnats']);
    expect((await send('POST', '/submit_form_room', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: answers() })).json().message).toBe('roomID is required.');
  });
});

describe('submit_form_image', () => {
  const form = (fields: Record<string, string | number>, file: Uint8Array | null = SAMPLE_FILE.data) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
    if (file) fd.append('image', new Blob([file], { type: 'image/png' }), 'leaf.png');
    return fd;
  };
  const upload = (headers: object, fd: FormData) => t.app.inject({ method: 'POST', url: '/api/submit_form_image', headers: headers as Record<string, string>, payload: fd as never });

  it('attaches a photo to a response’s photo field, or makes a new response from a photo', async () => {
    const made = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[4], fieldResponses: answers() });
    const attached = await upload(a.regular.auth, form({ response_id: made.json().response_id, fieldID: f('Photo') }));
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ status: 'success', response_id: made.json().response_id });
    const read = await send('GET', '/get_field_responses', a.regular.auth, { response_id: made.json().response_id });
    expect(read.json().response.image_url).toMatch(/^\/api\/image\?key=company-/);
    expect(read.json().fieldResponses.find((x: { FieldName: string }) => x.FieldName === 'Photo').inputData).toBe(attached.json().image_url);

    const photoOnly = await makeTemplate(t.app, a.companyId, 'Photo log', 'scouting', [['Picture', 'photo', [], true]]);
    const created = await upload(a.regular.auth, form({ fieldID: photoOnly.field.Picture!, GridBoxID: place.boxes[4]! }));
    expect(created.statusCode, created.body).toBe(200);
    const row = await t.app.db.selectFrom('form_responses').selectAll().where('response_id', '=', created.json().response_id).executeTakeFirstOrThrow();
    expect([row.kind, row.grid_box_id, row.template_id]).toEqual(['image', place.boxes[4], photoOnly.templateId]);
  });

  it('refuses a field that is not a photo, a broken image and another company’s response', async () => {
    const made = await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: answers() });
    const notPhoto = await upload(a.regular.auth, form({ response_id: made.json().response_id, fieldID: f('Notes') }));
    expect(notPhoto.json()).toMatchObject({ message: 'Notes is not a photo field.', field: 'fieldID' });
    const broken = await upload(a.regular.auth, form({ response_id: made.json().response_id, fieldID: f('Photo') }, new TextEncoder().encode('not an image')));
    expect(broken.statusCode).toBe(400);
    expect((await upload(a.regular.auth, form({ response_id: made.json().response_id, fieldID: f('Photo') }, null))).json().message).toBe('image is required.');
    expect((await upload(b.regular.auth, form({ response_id: made.json().response_id, fieldID: f('Photo') }))).statusCode).toBe(404);
  });
});

describe('reading responses back', () => {
  it('lists a grid’s responses in a range, treatment forms apart', async () => {
    const treatment = await makeTemplate(t.app, a.companyId, 'Spray log', 'treatment', [['Product', 'text', [], true]]);
    await send('POST', '/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, GridBoxID: place.boxes[5], fieldResponses: [{ fieldID: treatment.field.Product, inputData: 'Neem oil' }] });
    const today = utcDate();
    const res = await send('GET', '/get_responses_for_grid2', a.regular.auth, { GridID: place.gridId, start_date: today, end_date: today });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.treatment_responses).toHaveLength(1);
    expect(body.treatment_responses[0]).toMatchObject({ TemplateName: 'Spray log', GridBoxID: place.boxes[5], fieldResponses: [{ FieldName: 'Product', inputData: 'Neem oil' }] });
    expect(body.all_responses.length).toBeGreaterThan(5);
    expect(body.all_responses.every((r: { GridID: number }) => r.GridID === place.gridId)).toBe(true);
    const past = await send('GET', '/get_responses_for_grid2', a.regular.auth, { GridID: place.gridId, start_date: '2020-01-01', end_date: '2020-01-31' });
    expect(past.json().all_responses).toEqual([]);
    expect((await send('GET', '/get_responses_for_grid2', a.regular.auth, { GridID: place.gridId, start_date: today })).json().message).toBe('end_date is required.');
    expect((await send('GET', '/get_responses_for_grid2', a.regular.auth, { GridID: place.gridId, start_date: today, end_date: '2020-01-01' })).json().field).toBe('end_date');
    expect((await send('GET', '/get_responses_for_grid2', b.regular.auth, { GridID: place.gridId, start_date: today, end_date: today })).statusCode).toBe(404);
  });

  it('lists a box’s responses, all or in a range, and one response’s answers', async () => {
    const box = place.boxes[0]!;
    const all = await send('GET', '/get_field_responses_by_gridbox', a.regular.auth, { GridBoxID: box });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBeGreaterThan(3);
    expect(all.json().responses.every((r: { GridBoxID: number }) => r.GridBoxID === box)).toBe(true);
    const page = await send('GET', '/get_field_responses_by_gridbox', a.regular.auth, { GridBoxID: box, limit: 2 });
    expect(page.json().responses).toHaveLength(2);
    const today = utcDate();
    const ranged = await send('GET', '/get_field_responses_by_gridbox_date/forms', a.regular.auth, { GridBoxID: box, start_date: today, end_date: today });
    expect(ranged.statusCode, ranged.body).toBe(200);
    expect(ranged.json().responses.length).toBeGreaterThan(0);
    const id = all.json().responses[0].response_id;
    const one = await send('GET', '/get_field_responses', a.regular.auth, { response_id: id });
    expect(one.json()).toMatchObject({ status: 'success', response_id: id, response: { response_id: id, SubmittedByName: expect.any(String) } });
    expect((await send('GET', '/get_field_responses', a.regular.auth, {})).json().message).toBe('response_id is required.');
    for (const [path, q] of [
      ['/get_field_responses_by_gridbox', { GridBoxID: box }],
      ['/get_field_responses_by_gridbox_date/forms', { GridBoxID: box, start_date: today, end_date: today }],
      ['/get_field_responses', { response_id: id }],
    ] as const) {
      expect((await send('GET', path, b.regular.auth, q)).statusCode, path).toBe(404);
    }
  });
});
