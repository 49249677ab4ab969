import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeTenant } from './factories.js';
import { makeFacility, type FacilityFixture } from './fixtures/sub-gridboxes.fixtures.js';
import { makeBatch } from './fixtures/plants.fixtures.js';

/**
 * "Who did this" comes from the session: a Regular user who names a colleague as the actor is recorded
 * as themself. One case per kind of attribution the spec sends a user id for (forms, comments, audit
 * notes, scans and problem actions are covered beside their modules).
 */
type Tenant = Awaited<ReturnType<typeof makeTenant>>;

let t: TestApp;
let a: Tenant;
let place: FacilityFixture;

const send = (method: 'POST' | 'GET', url: string, fields: Record<string, unknown>, as = a.regular) =>
  t.app.inject({ method, url: `/api${url}`, headers: as.auth, payload: fields as never });

const query = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  place = await makeFacility(t.app, a.companyId, { nx: 2, ny: 2 });
});
afterAll(() => t.close());

describe('a Regular user naming a colleague is recorded as themself', () => {
  it('culls a grid box', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/update_culling_status',
      headers: { ...a.regular.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: query({ GridBoxID: place.box(1, 1), user_id: a.admin.user_id, culled: 1 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const box = await t.app.db.selectFrom('grid_boxes').select('culled_by').where('grid_box_id', '=', place.box(1, 1)).executeTakeFirstOrThrow();
    expect(box.culled_by).toBe(a.regular.user_id);
  });

  it('harvests a batch', async () => {
    const batchId = await makeBatch(t.app, a.companyId, { batchNumber: 'Harvested by whom' });
    const res = await send('POST', `/harvest_batch?${query({ batch_id: batchId, company_id: a.companyId, user_id: a.admin.user_id })}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const batch = await t.app.db.selectFrom('batches').select('harvested_by').where('batch_id', '=', batchId).executeTakeFirstOrThrow();
    expect(batch.harvested_by).toBe(a.regular.user_id);
  });

  it('moves a plant and links it to a batch', async () => {
    const made = await send('POST', `/create_sub_gridboxes?${query({ parent_gridbox_id: place.box(2, 1), user_id: a.regular.user_id, nx: 1, ny: 1 })}`, {});
    expect(made.statusCode, made.body).toBe(200);
    const uid = made.json().sub_gridboxes[0].plant_uid as string;
    const moved = await send('POST', '/move_plant', { plant_uid: uid, target_parent_gridbox_id: place.box(2, 2), user_id: a.admin.user_id });
    expect(moved.statusCode, moved.body).toBe(200);
    const movement = await t.app.db.selectFrom('plant_movements').select('moved_by').where('movement_id', '=', moved.json().movement.movement_id).executeTakeFirstOrThrow();
    expect(movement.moved_by).toBe(a.regular.user_id);

    const batchId = await makeBatch(t.app, a.companyId, { batchNumber: 'Linked by whom' });
    const linked = await send('POST', '/link_plants_to_batch', { plant_uids: [uid], batch_id: batchId, user_id: a.admin.user_id });
    expect(linked.statusCode, linked.body).toBe(200);
    const link = await t.app.db.selectFrom('plant_batches').select('linked_by').where('batch_id', '=', batchId).executeTakeFirstOrThrow();
    expect(link.linked_by).toBe(a.regular.user_id);
  });

  it('records and resolves a batch problem', async () => {
    const batchId = await makeBatch(t.app, a.companyId, { batchNumber: 'Problem by whom' });
    const base = { batch_id: batchId, company_id: a.companyId, user_id: a.admin.user_id };
    const created = await send('POST', '/create_batch_problem', { ...base, problem_type: 'Aphids', severity: 2 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().ProblemIDs[0] as number;
    const observation = () => t.app.db.selectFrom('problem_observations').select(['observed_by', 'status_changed_by']).where('observation_id', '=', id).executeTakeFirstOrThrow();
    expect((await observation()).observed_by).toBe(a.regular.user_id);
    const resolved = await send('POST', '/resolve_batch_problem', base);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await observation()).status_changed_by).toBe(a.regular.user_id);
  });

  it('creates a tray and a tray template', async () => {
    const base = { company_id: a.companyId, user_id: a.admin.user_id };
    const template = await send('POST', '/create_tray_template', { ...base, template_name: 'Whose template', number_of_plants: 12 });
    expect(template.statusCode, template.body).toBe(200);
    const tray = await send('POST', '/create_tray', { ...base, tray_name: 'Whose tray', number_of_plants: 6 });
    expect(tray.statusCode, tray.body).toBe(200);
    const fromTemplate = await send('POST', '/use_tray_template', { ...base, template_id: template.json().template.template_id, tray_name: 'From template' });
    expect(fromTemplate.statusCode, fromTemplate.body).toBe(200);
    const templateRow = await t.app.db.selectFrom('tray_templates').select('created_by').where('template_id', '=', template.json().template.template_id).executeTakeFirstOrThrow();
    const trays = await t.app.db.selectFrom('trays').select('created_by').where('company_id', '=', a.companyId).execute();
    expect([templateRow.created_by, ...trays.map((r) => r.created_by)]).toEqual([a.regular.user_id, a.regular.user_id, a.regular.user_id]);
  });
});
