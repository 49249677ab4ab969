import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridBoxDisplayName, plantsMessages as msg, subGridboxDisplayName } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import type { Caller } from '../../plugins/auth.js';
import { makeBatch, makePlantsInRoom } from '../../test/fixtures/plants.fixtures.js';
import { listPlantsOfBatches } from './plants.repository.js';
import { toLinkedPlant } from './plants.mapper.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;
const callerOf = (x: Tenant): Caller => ({ user_id: x.admin.user_id, company_id: x.companyId, user_role: 'Admin' });

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

const link = (auth: object, payload: Record<string, unknown> | string, contentType?: string) =>
  t.app.inject({
    method: 'POST', url: '/api/link_plants_to_batch',
    headers: { ...(auth as Record<string, string>), ...(contentType ? { 'content-type': contentType } : {}) },
    payload: payload as never,
  });
const get = (path: string, auth: object, query: Record<string, string | number | boolean>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth as Record<string, string>, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

describe('link_plants_to_batch', () => {
  it('links plants (JSON list, comma-separated text or repeated form fields), keeps existing links and writes an audit event', async () => {
    const { uids } = await makePlantsInRoom(t.app, callerOf(a), { nx: 3, ny: 1 });
    const batch = await makeBatch(t.app, a.companyId);
    const first = await link(a.regular.auth, { plant_uids: [uids[0]], batch_id: batch, user_id: a.regular.user_id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'success', message: msg.linked, batch_id: batch, linked_count: 1, already_linked_count: 0, plant_uids: [uids[0]] });

    const text = await link(a.regular.auth, { plant_uids: `${uids[0]}, ${uids[1]}`, batch_id: batch, user_id: a.regular.user_id });
    expect(text.json()).toMatchObject({ linked_count: 1, already_linked_count: 1 });
    const repeated = new URLSearchParams([['plant_uids', uids[2]!], ['plant_uids', uids[1]!], ['batch_id', String(batch)], ['user_id', String(a.regular.user_id)]]);
    const formRes = await link(a.regular.auth, repeated.toString(), 'application/x-www-form-urlencoded');
    expect(formRes.json()).toMatchObject({ linked_count: 1, already_linked_count: 1 });
    const json = await link(a.regular.auth, { plant_uids: JSON.stringify(uids), batch_id: batch, user_id: a.regular.user_id });
    expect(json.json()).toMatchObject({ linked_count: 0, already_linked_count: 3 });

    const links = await t.app.db.selectFrom('plant_batches').selectAll().where('batch_id', '=', batch).execute();
    expect(links).toHaveLength(3);
    expect(links.every((l) => l.linked_by === a.regular.user_id && l.company_id === a.companyId)).toBe(true);
    const events = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'batch.plants_link').where('entity_id', '=', String(batch)).execute();
    expect(events).toHaveLength(4);
  });

  it('refuses an empty list and missing fields, naming the field', async () => {
    const batch = await makeBatch(t.app, a.companyId);
    for (const [payload, field, message] of [
      [{ plant_uids: [], batch_id: batch, user_id: a.admin.user_id }, 'plant_uids', 'plant_uids must be a non-empty list of plant uids.'],
      [{ plant_uids: ' , ', batch_id: batch, user_id: a.admin.user_id }, 'plant_uids', 'plant_uids must be a non-empty list of plant uids.'],
      [{ batch_id: batch, user_id: a.admin.user_id }, 'plant_uids', 'plant_uids is required.'],
      [{ plant_uids: ['P-1'], user_id: a.admin.user_id }, 'batch_id', 'batch_id is required.'],
      [{ plant_uids: ['P-1'], batch_id: batch }, 'user_id', 'user_id is required.'],
    ] as const) {
      const res = await link(a.admin.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message, field });
    }
  });

  it("names the first plant that is not the company's (404), refuses another company's batch or user (404) and a harvested batch (409)", async () => {
    const mine = await makePlantsInRoom(t.app, callerOf(a));
    const theirs = await makePlantsInRoom(t.app, callerOf(b));
    const batch = await makeBatch(t.app, a.companyId);
    const foreign = await link(a.admin.auth, { plant_uids: [mine.uids[0], theirs.uids[0]], batch_id: batch, user_id: a.admin.user_id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(msg.plantNotFound(theirs.uids[0]!));
    expect(await t.app.db.selectFrom('plant_batches').selectAll().where('batch_id', '=', batch).execute()).toEqual([]);

    const theirBatch = await makeBatch(t.app, b.companyId);
    expect((await link(a.admin.auth, { plant_uids: mine.uids, batch_id: theirBatch, user_id: a.admin.user_id })).statusCode).toBe(404);
    expect((await link(a.admin.auth, { plant_uids: mine.uids, batch_id: batch, user_id: b.admin.user_id })).statusCode).toBe(404);

    const harvested = await makeBatch(t.app, a.companyId, { harvested: true });
    const res = await link(a.admin.auth, { plant_uids: mine.uids, batch_id: harvested, user_id: a.admin.user_id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.harvested);
  });
});

describe('reads', () => {
  it('lists the batches of a plant, harvested ones unless include_harvested is false', async () => {
    const { uids } = await makePlantsInRoom(t.app, callerOf(a));
    const open = await makeBatch(t.app, a.companyId, { batchNumber: 'R-OPEN', strain: 'Gelato' });
    const later = await makeBatch(t.app, a.companyId, { batchNumber: 'R-LATER' });
    await link(a.admin.auth, { plant_uids: [uids[0]], batch_id: open, user_id: a.admin.user_id });
    await link(a.admin.auth, { plant_uids: [uids[0]], batch_id: later, user_id: a.admin.user_id });
    await t.app.db.updateTable('batches').set({ harvested_at: new Date(), batch_status: 'Harvested' }).where('batch_id', '=', later).execute();

    const all = await get('/get_all_batches_linked_to_plant', a.regular.auth, { plant_uid: uids[0]! });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().plant_uid).toBe(uids[0]);
    expect(all.json().batches.map((x: { BatchNumber: string }) => x.BatchNumber)).toEqual(['R-LATER', 'R-OPEN']);
    expect(all.json().batches[1]).toMatchObject({ batch_id: open, StrainName: 'Gelato', BatchStatus: 'Vegetative', StartDate: '2026-01-05', EndDate: null, harvested: false, linked_by: a.admin.user_id });
    expect(all.json().batches[0]).toMatchObject({ harvested: true, harvested_at: expect.any(String) });
    const notHarvested = await get('/get_all_batches_linked_to_plant', a.regular.auth, { plant_uid: uids[0]!, include_harvested: 'false' });
    expect(notHarvested.json().batches.map((x: { batch_id: number }) => x.batch_id)).toEqual([open]);
    const none = await get('/get_all_batches_linked_to_plant', a.regular.auth, { plant_uid: uids[1]! });
    expect(none.json().batches).toEqual([]);
  });

  it('lists the plants of a batch with their current place', async () => {
    const { uids, place, subs } = await makePlantsInRoom(t.app, callerOf(a), { roomName: 'Flower room', nx: 2, ny: 1 });
    await t.app.db.updateTable('sub_gridboxes').set({ custom_name: 'Mother A' }).where('sub_gridbox_id', '=', subs[0]!.Sub_gridboxID).execute();
    await t.app.db.updateTable('sub_gridboxes').set({ plant_id: null }).where('sub_gridbox_id', '=', subs[1]!.Sub_gridboxID).execute();
    const batch = await makeBatch(t.app, a.companyId);
    await link(a.admin.auth, { plant_uids: uids, batch_id: batch, user_id: a.admin.user_id });

    const res = await get('/get_all_plants_linked_to_batch', a.regular.auth, { batch_id: batch });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', batch_id: batch, harvested: false, total_count: 2 });
    const placed = body.plants.find((p: { plant_uid: string }) => p.plant_uid === uids[0]);
    expect(placed).toMatchObject({
      RoomID: place.roomId, RoomName: 'Flower room', GridID: place.gridId, GridName: 'Test grid', GridBoxID: place.box(1, 1), BoxName: '1,1',
      Sub_gridboxID: subs[0]!.Sub_gridboxID, SubGridboxName: 'Mother A', linked_by: a.admin.user_id,
    });
    const loose = body.plants.find((p: { plant_uid: string }) => p.plant_uid === uids[1]);
    expect(loose).toMatchObject({ RoomID: null, GridBoxID: null, Sub_gridboxID: null, SubGridboxName: null, BoxName: null });

    await t.app.db.updateTable('batches').set({ harvested_at: new Date() }).where('batch_id', '=', batch).execute();
    expect((await get('/get_all_plants_linked_to_batch', a.regular.auth, { batch_id: batch })).json().total_count).toBe(2);
    const without = await get('/get_all_plants_linked_to_batch', a.regular.auth, { batch_id: batch, include_harvested: false });
    expect(without.json()).toMatchObject({ harvested: true, total_count: 0, plants: [] });
  });

  it('writes the plants as toLinkedPlant does, a name blank to trim() falling back to the position', async () => {
    const { uids, place, subs } = await makePlantsInRoom(t.app, callerOf(a), { roomName: 'Named room', nx: 2, ny: 1 });
    await t.app.db.updateTable('grid_boxes').set({ custom_name: '\u00a0 \u3000' }).where('grid_box_id', '=', place.box(1, 1)).execute();
    await t.app.db.updateTable('sub_gridboxes').set({ custom_name: '\t\n\ufeff' }).where('sub_gridbox_id', '=', subs[0]!.Sub_gridboxID).execute();
    await t.app.db.updateTable('sub_gridboxes').set({ custom_name: ' Mother "B" ' }).where('sub_gridbox_id', '=', subs[1]!.Sub_gridboxID).execute();
    const batch = await makeBatch(t.app, a.companyId);
    await link(a.admin.auth, { plant_uids: uids, batch_id: batch, user_id: a.admin.user_id });

    const body = (await get('/get_all_plants_linked_to_batch', a.regular.auth, { batch_id: batch })).json();
    expect(body.plants).toEqual((await listPlantsOfBatches(t.app.db, a.companyId, [batch])).map(toLinkedPlant));
    const placed = body.plants.find((p: { plant_uid: string }) => p.plant_uid === uids[0]);
    expect(placed).toMatchObject({ BoxName: gridBoxDisplayName('\u00a0 \u3000', 1, 1), SubGridboxName: expect.stringMatching(/^Sub-\d+-\d+$/) });
    expect(subGridboxDisplayName('\t\n\ufeff', 1, 2)).toBe('Sub-1-2');
    expect(body.plants.find((p: { plant_uid: string }) => p.plant_uid === uids[1])).toMatchObject({ BoxName: '1,1', SubGridboxName: ' Mother "B" ' });
  });

  it("needs plant_uid / batch_id and answers 404 for another company's plant or batch", async () => {
    expect((await get('/get_all_batches_linked_to_plant', a.regular.auth, {})).json()).toMatchObject({ message: 'plant_uid is required.', field: 'plant_uid' });
    expect((await get('/get_all_plants_linked_to_batch', a.regular.auth, {})).json()).toMatchObject({ message: 'batch_id is required.', field: 'batch_id' });
    const theirs = await makePlantsInRoom(t.app, callerOf(b));
    const theirBatch = await makeBatch(t.app, b.companyId);
    expect((await get('/get_all_batches_linked_to_plant', a.regular.auth, { plant_uid: theirs.uids[0]! })).statusCode).toBe(404);
    expect((await get('/get_all_plants_linked_to_batch', a.regular.auth, { batch_id: theirBatch })).statusCode).toBe(404);
    expect((await get('/get_all_plants_linked_to_batch', a.regular.auth, { batch_id: theirBatch, include_harvested: 'maybe' })).statusCode).toBe(400);
  });
});
