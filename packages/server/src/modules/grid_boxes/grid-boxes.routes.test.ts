import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { utcDate } from '@verdant/contract';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let gridId: number;
let boxIds: number[];
const kit = facilityKit(() => t.app);
const { call, formPost } = kit;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  gridId = await kit.grid(a, await kit.room(a), 2, 2);
  boxIds = (await kit.boxes(gridId)).map((x) => x.grid_box_id);
});
afterAll(() => t.close());

describe('culling', () => {
  it('culls a box for any role, lists it and audits once', async () => {
    const res = await formPost('/update_culling_status', a.regular.auth, { GridBoxID: boxIds[0]!, user_id: a.regular.user_id, culled: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Grid box culled.', grid_box: { id: boxIds[0], culled: true, CulledBy: a.regular.user_id } });
    await formPost('/update_culling_status', a.regular.auth, { GridBoxID: boxIds[0]!, user_id: a.regular.user_id, culled: 'true' });
    const list = await call('GET', '/get_culled_gridboxes', a.admin.auth, { GridID: gridId });
    expect(list.json().grid_boxes.map((x: { id: number }) => x.id)).toEqual([boxIds[0]]);
    const audits = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'grid_box.culled').where('entity_id', '=', String(boxIds[0])).execute();
    expect(audits).toHaveLength(1);
  });

  it('restores a box with culled=0 and defaults culled to 1', async () => {
    expect((await formPost('/update_culling_status', a.admin.auth, { GridBoxID: boxIds[0]!, user_id: a.admin.user_id, culled: 0 })).json().grid_box.culled).toBe(false);
    expect((await formPost('/update_culling_status', a.admin.auth, { GridBoxID: boxIds[1]!, user_id: a.admin.user_id })).json().grid_box.culled).toBe(true);
  });

  it('names the missing field, and refuses bad flags', async () => {
    expect((await formPost('/update_culling_status', a.admin.auth, { user_id: a.admin.user_id })).json()).toMatchObject({ message: 'GridBoxID is required.', field: 'GridBoxID' });
    expect((await formPost('/update_culling_status', a.admin.auth, { GridBoxID: boxIds[0]! })).json()).toMatchObject({ message: 'user_id is required.', field: 'user_id' });
    expect((await formPost('/update_culling_status', a.admin.auth, { GridBoxID: boxIds[0]!, user_id: a.admin.user_id, culled: 5 })).statusCode).toBe(400);
  });

  it("answers 404 for another company's box, grid or user", async () => {
    expect((await formPost('/update_culling_status', b.admin.auth, { GridBoxID: boxIds[0]!, user_id: b.admin.user_id })).statusCode).toBe(404);
    expect((await formPost('/update_culling_status', a.admin.auth, { GridBoxID: boxIds[0]!, user_id: b.admin.user_id })).statusCode).toBe(404);
    expect((await call('GET', '/get_culled_gridboxes', b.admin.auth, { GridID: gridId })).statusCode).toBe(404);
  });
});

describe('names', () => {
  it('names a box, lists named boxes only, and clears the name with an empty string', async () => {
    const res = await formPost('/update_grid_box_name', a.regular.auth, { GridBoxID: boxIds[2]!, custom_name: '  Mother 7 ' });
    expect(res.json()).toMatchObject({ status: 'success', grid_box: { id: boxIds[2], CustomName: 'Mother 7' } });
    expect((await call('GET', '/get_gridboxes_names', a.regular.auth, { GridID: gridId })).json().grid_boxes).toEqual([
      { id: boxIds[2], GridID: gridId, X: 2, Y: 1, CustomName: 'Mother 7' },
    ]);
    const cleared = await formPost('/update_grid_box_name', a.regular.auth, { GridBoxID: boxIds[2]!, custom_name: '' });
    expect(cleared.json().grid_box.CustomName).toBeNull();
    expect((await call('GET', '/get_gridboxes_names', a.regular.auth, { GridID: gridId })).json().grid_boxes).toEqual([]);
  });

  it('requires custom_name (the empty string is a value) and refuses over 120 characters', async () => {
    expect((await formPost('/update_grid_box_name', a.admin.auth, { GridBoxID: boxIds[2]! })).json()).toMatchObject({ message: 'custom_name is required.', field: 'custom_name' });
    expect((await formPost('/update_grid_box_name', a.admin.auth, { GridBoxID: boxIds[2]!, custom_name: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await formPost('/update_grid_box_name', b.admin.auth, { GridBoxID: boxIds[2]!, custom_name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/get_gridboxes_names', b.admin.auth, { GridID: gridId })).statusCode).toBe(404);
  });

  it('with expected_custom_name, refuses (409) to overwrite a name someone else changed meanwhile', async () => {
    const box = boxIds[1]!;
    await formPost('/update_grid_box_name', a.admin.auth, { GridBoxID: box, custom_name: 'Bench A' });
    // The scout saw "Bench A"; a colleague renamed it to "Bench B" before the scout's rename arrived.
    await formPost('/update_grid_box_name', a.admin.auth, { GridBoxID: box, custom_name: 'Bench B' });
    const late = await formPost('/update_grid_box_name', a.regular.auth, { GridBoxID: box, custom_name: 'Bench C', expected_custom_name: 'Bench A' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This box was renamed by someone else meanwhile; it is now called "Bench B".');
    // The name now, for the outbox's "theirs" (issue 25): an added header, the body as before.
    expect(late.headers['verdant-current-value']).toBe('Bench%20B');
    expect(Object.keys(late.json()).sort()).toEqual(['error', 'message', 'status']);
    // What the user saw is still there: the rename goes through; the same name again is no conflict.
    expect((await formPost('/update_grid_box_name', a.regular.auth, { GridBoxID: box, custom_name: 'Bench C', expected_custom_name: 'Bench B' })).statusCode).toBe(200);
    expect((await formPost('/update_grid_box_name', a.regular.auth, { GridBoxID: box, custom_name: 'Bench C', expected_custom_name: 'Old' })).statusCode).toBe(200);
    await formPost('/update_grid_box_name', a.admin.auth, { GridBoxID: box, custom_name: '' });
    const cleared = await formPost('/update_grid_box_name', a.regular.auth, { GridBoxID: box, custom_name: 'D', expected_custom_name: 'Bench C' });
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json().message).toBe('The name of this box was cleared by someone else meanwhile.');
    expect(cleared.headers['verdant-current-value']).toBe('');
  });
});

describe('get_plant_history_date', () => {
  it('answers the dated culls, renames and plant moves of a box, newest first', async () => {
    const box = boxIds[3]!;
    await formPost('/update_grid_box_name', a.admin.auth, { GridBoxID: box, custom_name: 'Keeper' });
    await formPost('/update_culling_status', a.admin.auth, { GridBoxID: box, user_id: a.admin.user_id, culled: 1 });
    const plant = await t.app.db.insertInto('plants').values({ plant_uid: `P-${box}`, company_id: a.companyId }).returning('plant_id').executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('plant_movements')
      .values({ company_id: a.companyId, plant_id: plant.plant_id, from_gridbox_id: boxIds[0]!, to_gridbox_id: box, movement_reason: 'spacing', moved_by: a.admin.user_id })
      .execute();
    const res = await call('GET', '/get_plant_history_date', a.regular.auth, { company_id: a.companyId, Grid_boxID: box });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.history.map((h: { kind: string }) => h.kind).sort()).toEqual(['culled', 'plant_moved_in', 'renamed']);
    expect(body.history.find((h: { kind: string }) => h.kind === 'plant_moved_in')).toMatchObject({ plant_uid: `P-${box}`, user_name: 'Test Admin' });
    expect(body.dates).toEqual([utcDate()]);
  });

  it('also answers the forms submitted on the box, the problems observed in it and comments on its forms', async () => {
    const box = boxIds[2]!;
    const db = t.app.db;
    const template = await db
      .insertInto('form_templates')
      .values({ company_id: a.companyId, template_name: 'Weekly scouting', created_by: a.admin.user_id })
      .returning('template_id')
      .executeTakeFirstOrThrow();
    const response = await db
      .insertInto('form_responses')
      .values({ company_id: a.companyId, template_id: template.template_id, submitted_by: a.regular.user_id, grid_box_id: box, grid_id: gridId })
      .returning('response_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('problem_observations')
      .values({ company_id: a.companyId, problem: 'Thrips', severity: 3, grid_box_id: box, grid_id: gridId, source: 'form', response_id: response.response_id, observed_by: a.regular.user_id })
      .execute();
    await db.insertInto('comments').values({ company_id: a.companyId, response_id: response.response_id, user_id: a.admin.user_id, comment_text: 'Check again Friday' }).execute();
    const res = await call('GET', '/get_plant_history_date', a.regular.auth, { company_id: a.companyId, Grid_boxID: box });
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json().history as Array<{ kind: string; description: string; details: Record<string, unknown>; user_name: string | null }>;
    // Earlier tests renamed or culled this box too: those stay in its history beside the new kinds.
    expect(history.map((h) => h.kind)).toEqual(expect.arrayContaining(['comment', 'form_submitted', 'problem_observed']));
    expect(history.find((h) => h.kind === 'form_submitted')).toMatchObject({ details: { response_id: response.response_id, template_name: 'Weekly scouting' } });
    expect(history.find((h) => h.kind === 'problem_observed')).toMatchObject({ details: { problem: 'Thrips', severity: 3 } });
    expect(history.find((h) => h.kind === 'comment')).toMatchObject({ details: { text: 'Check again Friday' }, user_name: 'Test Admin' });
    // The other company sees nothing of it.
    expect((await call('GET', '/get_plant_history_date', b.regular.auth, { company_id: b.companyId, Grid_boxID: box })).statusCode).toBe(404);
  });

  it('answers an empty history for a box with none, 404 for another company\'s box, 403 for its company_id', async () => {
    const quiet = await kit.grid(a, await kit.room(a), 1, 1);
    const [box] = await kit.boxes(quiet);
    expect((await call('GET', '/get_plant_history_date', a.regular.auth, { company_id: a.companyId, Grid_boxID: box!.grid_box_id })).json()).toEqual({
      status: 'success', Grid_boxID: box!.grid_box_id, dates: [], history: [],
    });
    expect((await call('GET', '/get_plant_history_date', b.regular.auth, { company_id: b.companyId, Grid_boxID: box!.grid_box_id })).statusCode).toBe(404);
    expect((await call('GET', '/get_plant_history_date', b.regular.auth, { company_id: a.companyId, Grid_boxID: box!.grid_box_id })).statusCode).toBe(403);
    expect((await call('GET', '/get_plant_history_date', a.regular.auth, { company_id: a.companyId })).json()).toMatchObject({ message: 'Grid_boxID is required.' });
  });
});
