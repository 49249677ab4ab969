import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchPlantsAnswerOf } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { makeBatch, makePlantsInRoom } from '../../test/fixtures/plants.fixtures.js';
import { makePlace, observeInBox, type ScoutedPlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { circlesForGrid, forGridbox, forGridboxes } from '../unresolved_problems/index.js';
import { plantsOfBatch, plantsOfBatches } from '../plants/index.js';

/**
 * The set-based reads the offline fill's bundles use (issue 19) answer exactly what the one-at-a-time reads
 * answer, box by box and batch by batch, whatever the chunk size; and the bundles built on them are the same JSON
 * (same ETag, same order) as the bundles built one box / one batch at a time.
 */
type Tenant = Awaited<ReturnType<typeof makeTenant>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let place: ScoutedPlace;
let theirs: ScoutedPlace;
const callerOf = (x: Tenant): Caller => ({ user_id: x.admin.user_id, company_id: x.companyId, user_role: 'Admin' });
const { call } = facilityKit(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  place = await makePlace(t.app, a.companyId, 3, 3, 'Bulk room');
  theirs = await makePlace(t.app, b.companyId, 1, 1, 'Their room');
  const at = new Date('2026-11-20T08:00:00Z');
  const later = new Date('2026-11-21T08:00:00Z');
  // Several open problems in one box, two at the very same time (the id breaks the tie), closed ones left out.
  await observeInBox(t.app, a.companyId, place, 1, 1, 'Aphids', { observedAt: at, severity: 2 });
  await observeInBox(t.app, a.companyId, place, 1, 1, 'Powdery mildew', { observedAt: at });
  await observeInBox(t.app, a.companyId, place, 1, 1, 'Spider mites', { observedAt: later, userId: a.regular.user_id, notes: 'under the leaves' });
  await observeInBox(t.app, a.companyId, place, 1, 1, 'Thrips', { status: 'resolved', statusChangedAt: later });
  await observeInBox(t.app, a.companyId, place, 2, 1, 'Whitefly', { observedAt: later });
  await observeInBox(t.app, a.companyId, place, 2, 1, 'Whitefly', { observedAt: at });
  await observeInBox(t.app, a.companyId, place, 3, 3, 'Botrytis', { status: 'dismissed', statusChangedAt: later });
  await observeInBox(t.app, a.companyId, place, 2, 3, 'Leaf miner', { observedAt: later, severity: 5 });
  await observeInBox(t.app, b.companyId, theirs, 1, 1, 'Aphids');
});
afterAll(() => t.close());

describe('forGridboxes', () => {
  it("answers every box as forGridbox does, in chunks of any size, leaving out another company's box", async () => {
    const mine = [1, 2, 3].flatMap((y) => [1, 2, 3].map((x) => place.box(x, y)));
    for (const perRead of [1, 2, 4, 5_000]) {
      const answers = await forGridboxes(t.app, callerOf(a), [...mine, theirs.box(1, 1), mine[0]!, 2 ** 31 - 1], perRead);
      expect([...answers.keys()].sort((x, y) => x - y)).toEqual([...mine].sort((x, y) => x - y));
      for (const id of mine) expect(answers.get(id), `box ${id}, ${perRead} a read`).toEqual(await forGridbox(t.app, callerOf(a), id));
    }
    const answers = await forGridboxes(t.app, callerOf(a), mine);
    expect(answers.get(place.box(1, 1))!.problems.map((p) => p.Problem)).toEqual(['Spider mites', 'Powdery mildew', 'Aphids']);
    expect(answers.get(place.box(3, 3))!.problems).toEqual([]);
    expect(await forGridboxes(t.app, callerOf(a), [])).toEqual(new Map());
  });
});

describe('plantsOfBatches', () => {
  it('answers every batch as plantsOfBatch does (placed, loose and shared plants, harvested and empty batches)', async () => {
    const { uids, subs } = await makePlantsInRoom(t.app, callerOf(a), { roomName: 'Plant room', nx: 3, ny: 2 });
    await t.app.db.updateTable('sub_gridboxes').set({ custom_name: 'Mother A' }).where('sub_gridbox_id', '=', subs[0]!.Sub_gridboxID).execute();
    // A plant no longer in any sub-box: its place is all null.
    await t.app.db.updateTable('sub_gridboxes').set({ plant_id: null }).where('sub_gridbox_id', '=', subs[1]!.Sub_gridboxID).execute();
    const first = await makeBatch(t.app, a.companyId);
    const second = await makeBatch(t.app, a.companyId);
    const harvested = await makeBatch(t.app, a.companyId);
    const empty = await makeBatch(t.app, a.companyId);
    const linkTo = async (batch: number, plantUids: string[]) => {
      const res = await call('POST', '/link_plants_to_batch', a.admin.auth, { plant_uids: plantUids.join(','), batch_id: batch, user_id: a.admin.user_id });
      expect(res.statusCode, res.body).toBe(200);
    };
    await linkTo(first, uids.slice(0, 4));
    await linkTo(second, uids.slice(3)); // uids[3] is in both
    await linkTo(harvested, uids.slice(1, 3));
    await t.app.db.updateTable('batches').set({ harvested_at: new Date() }).where('batch_id', '=', harvested).execute();
    const ids = [second, first, harvested, empty];
    for (const include of [true, false]) {
      for (const perRead of [1, 2, 25]) {
        const answers = await plantsOfBatches(t.app, callerOf(a), [...ids, first], include, perRead);
        expect([...answers.keys()]).toEqual(ids);
        for (const id of ids) expect(answers.get(id), `batch ${id}, ${perRead} a read`).toEqual(await plantsOfBatch(t.app, callerOf(a), id, include));
      }
    }
    const answers = await plantsOfBatches(t.app, callerOf(a), ids, true);
    expect(answers.get(first)!.plants.map((p) => p.plant_uid).sort()).toEqual([...uids.slice(0, 4)].sort());
    expect(answers.get(second)!.total_count).toBe(3);
    expect(answers.get(first)!.plants.find((p) => p.plant_uid === uids[0])).toMatchObject({ SubGridboxName: 'Mother A', RoomName: 'Plant room' });
    expect(answers.get(first)!.plants.find((p) => p.plant_uid === uids[1])).toMatchObject({ RoomID: null, GridBoxID: null, Sub_gridboxID: null });
    expect((await plantsOfBatches(t.app, callerOf(a), [harvested], false)).get(harvested)).toMatchObject({ harvested: true, total_count: 0, plants: [] });
    expect(answers.get(empty)).toMatchObject({ harvested: false, total_count: 0, plants: [] });
  });

  it("refuses (404) a list holding another company's batch or a missing one", async () => {
    const mine = await makeBatch(t.app, a.companyId);
    const other = await makeBatch(t.app, b.companyId);
    await expect(plantsOfBatches(t.app, callerOf(a), [mine, other], true)).rejects.toMatchObject({ statusCode: 404 });
    await expect(plantsOfBatches(t.app, callerOf(a), [mine, 2 ** 31 - 1], true)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the bundles built on them', () => {
  it('are the same answer, part for part and in the same order, as one read per box and per batch', async () => {
    const res = await call('GET', '/offline_room_bundle', a.regular.auth, { company_id: a.companyId, room_id: place.roomId });
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json();
    // The room bundle as it was built before: each grid's circles, then one forGridbox per circled box.
    const caller: Caller = { user_id: a.regular.user_id, company_id: a.companyId, user_role: 'Regular' };
    const oneByOne = [];
    for (const grid of bundle.backgrounds.grids as Array<{ id: number }>) {
      for (const box of (await circlesForGrid(t.app, caller, grid.id)).data.Boxes) {
        oneByOne.push({ gridbox_id: box.GridBoxID, answer: await forGridbox(t.app, caller, box.GridBoxID) });
      }
    }
    expect(oneByOne.map((p) => p.gridbox_id).sort()).toEqual([place.box(1, 1), place.box(2, 1), place.box(2, 3)].sort());
    expect(bundle.box_problems).toEqual(JSON.parse(JSON.stringify(oneByOne)));
    for (const p of bundle.box_problems) {
      const single = await call('GET', '/get_unresolved_problems_for_gridbox', a.regular.auth, { gridbox_id: p.gridbox_id });
      expect(p.answer).toEqual(single.json());
    }

    const { uids } = await makePlantsInRoom(t.app, callerOf(a), { roomName: 'Bundle plants', nx: 2, ny: 2 });
    const batches = [await makeBatch(t.app, a.companyId), await makeBatch(t.app, a.companyId)];
    for (const [i, batch] of batches.entries()) {
      const link = await call('POST', '/link_plants_to_batch', a.admin.auth, { plant_uids: uids.slice(i).join(','), batch_id: batch, user_id: a.admin.user_id });
      expect(link.statusCode, link.body).toBe(200);
    }
    const many = await call('GET', '/offline_batches_bundle', a.regular.auth, { company_id: a.companyId, batch_ids: [...batches].reverse().join(',') });
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json().batches.map((x: { batch_id: number }) => x.batch_id)).toEqual([...batches].reverse());
    for (const part of many.json().batches) {
      const single = await call('GET', '/get_all_plants_linked_to_batch', a.regular.auth, { batch_id: part.batch_id, include_harvested: 'true' });
      // Sent in columns (each place once): the same answer again.
      const plants = batchPlantsAnswerOf(part.plants);
      expect(plants).toEqual(single.json());
      expect(plants.total_count).toBe(part.batch_id === batches[0] ? 4 : 3);
      expect(part.plants.places.box_id.length).toBeLessThan(plants.total_count);
    }
  });
});
