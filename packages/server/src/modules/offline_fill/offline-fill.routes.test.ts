import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchPlantsAnswerOf, OFFLINE_BATCHES_MAX, subGridboxesAnswerOf, utcDate, type OfflineGridSubBoxes } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { makePlace, observeInBox, type ScoutedPlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { postBatch } from '../../test/fixtures/batches.test-kit.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let place: ScoutedPlace;
let other: ScoutedPlace;
let batchIds: number[];
const { call } = facilityKit(() => t.app);
const json = async (path: string, auth: object, query: Record<string, string | number>) => {
  const res = await call('GET', path, auth, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const roomBundle = (auth: object, roomId: number, companyId = a.companyId, headers: object = {}) =>
  call('GET', '/offline_room_bundle', { ...auth, ...headers }, { company_id: companyId, room_id: roomId });

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  place = await makePlace(t.app, a.companyId, 2, 2, 'Bundle room');
  other = await makePlace(t.app, a.companyId, 1, 2, 'Other room');
  await observeInBox(t.app, a.companyId, place, 1, 1, 'Western flower thrips', { severity: 3 });
  await observeInBox(t.app, a.companyId, place, 2, 2, 'Powdery mildew');
  await observeInBox(t.app, a.companyId, other, 1, 1, 'Aphids');
  const sub = await call('POST', '/create_sub_gridboxes', a.regular.auth, { parent_gridbox_id: place.box(1, 2), user_id: a.regular.user_id, nx: 2, ny: 1 });
  expect(sub.statusCode, sub.body).toBe(200);
  // A second box with sub-boxes, one of them deleted: the bundle reads all boxes' lists at once and keeps them apart.
  const more = await call('POST', '/create_sub_gridboxes', a.regular.auth, { parent_gridbox_id: place.box(2, 1), user_id: a.regular.user_id, nx: 3, ny: 1 });
  expect(more.statusCode, more.body).toBe(200);
  const [gone] = (await json('/get_sub_gridboxes', a.regular.auth, { parent_gridbox_id: place.box(2, 1) })).sub_gridboxes;
  const deleted = await call('DELETE', '/delete_sub_gridbox', a.regular.auth, { sub_gridbox_id: gone.Sub_gridboxID });
  expect(deleted.statusCode, deleted.body).toBe(200);
  batchIds = [];
  for (const n of [1, 2]) {
    const batch = await postBatch(t.app, a.admin.auth, a.companyId, { BatchNumber: `FILL-${n}` });
    const link = await call('POST', `/link_room_batch`, a.admin.auth, { room_id: n === 1 ? place.roomId : other.roomId, batch_id: batch.BatchID });
    expect(link.statusCode, link.body).toBe(200);
    batchIds.push(batch.BatchID);
  }
  const problem = await call('POST', '/create_batch_problem', a.regular.auth, {}, { company_id: a.companyId, user_id: a.regular.user_id, batch_id: batchIds[0]!, problem_type: 'Aphids', severity: 2 });
  expect(problem.statusCode, problem.body).toBe(200);
  // A resolved one beside it: the bundle's open problems are the open ones of the full list.
  const thrips = await call('POST', '/create_batch_problem', a.regular.auth, {}, { company_id: a.companyId, user_id: a.regular.user_id, batch_id: batchIds[0]!, problem_type: 'Thrips', severity: 1 });
  expect(thrips.statusCode, thrips.body).toBe(200);
  const resolved = await call('POST', '/resolve_batch_problem', a.admin.auth, {}, { batch_id: batchIds[0]!, user_id: a.admin.user_id, problem_type: 'Thrips' });
  expect(resolved.statusCode, resolved.body).toBe(200);
});
afterAll(() => t.close());

describe('GET /offline_room_bundle', () => {
  it('holds each part exactly as its own endpoint answers it', async () => {
    const res = await roomBundle(a.regular.auth, place.roomId);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json();
    const room = { room_id: place.roomId };
    expect(bundle.problems).toEqual(await json('/get_unresolved_problems_for_room', a.regular.auth, room));
    expect(bundle.problems.problems).toHaveLength(2);
    expect(bundle.backgrounds).toEqual(await json('/get_grid_background', a.regular.auth, { RoomID: place.roomId }));
    expect(bundle.scroll).toEqual(await json('/get_room_scroll', a.regular.auth, { company_id: a.companyId, room_id: place.roomId }));
    expect(bundle.batches).toEqual(await json('/get_batches_by_room', a.regular.auth, room));
    expect(bundle.batches.batches.map((x: { BatchID: number }) => x.BatchID)).toEqual([batchIds[0]]);
    expect(bundle.circles).toEqual([{ grid_id: place.gridId, answer: await json('/get_unresolved_problems_for_grid_circles', a.regular.auth, { grid_id: place.gridId }) }]);
    const problemBoxes = [place.box(1, 1), place.box(2, 2)];
    expect(bundle.box_problems.map((p: { gridbox_id: number }) => p.gridbox_id).sort()).toEqual([...problemBoxes].sort());
    for (const p of bundle.box_problems) expect(p.answer).toEqual(await json('/get_unresolved_problems_for_gridbox', a.regular.auth, { gridbox_id: p.gridbox_id }));
    // Every box of the room (2 × 2) in its grid's columns: each box's get_sub_gridboxes answer rebuilt out of them.
    const grids = bundle.sub_boxes as OfflineGridSubBoxes[];
    expect(grids.map((g) => g.grid_id)).toEqual([place.gridId]);
    expect(grids[0]!.boxes.id).toHaveLength(4);
    for (const boxId of grids[0]!.boxes.id) {
      expect(subGridboxesAnswerOf(grids[0]!, boxId)).toEqual(await json('/get_sub_gridboxes', a.regular.auth, { parent_gridbox_id: boxId }));
    }
    expect(subGridboxesAnswerOf(grids[0]!, place.box(1, 2))!.sub_gridboxes).toHaveLength(2);
    const second = subGridboxesAnswerOf(grids[0]!, place.box(2, 1))!;
    expect([second.total_count, second.sub_gridboxes.length]).toEqual([2, 2]);
    expect(subGridboxesAnswerOf(grids[0]!, other.box(1, 1))).toBeUndefined();
    expect(res.headers.etag).toBe(bundle.etag);
  });

  it('answers 304 with no body when If-None-Match names its ETag, and a new ETag once the room changed', async () => {
    const first = await roomBundle(a.regular.auth, place.roomId);
    const etag = first.json().etag as string;
    const again = await roomBundle(a.regular.auth, place.roomId, a.companyId, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await roomBundle(a.regular.auth, place.roomId, a.companyId, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    await observeInBox(t.app, a.companyId, place, 2, 1, 'Spider mites');
    const changed = await roomBundle(a.regular.auth, place.roomId, a.companyId, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().etag).not.toBe(etag);
    expect(changed.json().box_problems.map((p: { gridbox_id: number }) => p.gridbox_id)).toContain(place.box(2, 1));
    // A sub-box renamed changes the ETag too, and the box's rebuilt answer shows it.
    const latest = changed.json().etag as string;
    const [renamed] = (await json('/get_sub_gridboxes', a.regular.auth, { parent_gridbox_id: place.box(1, 2) })).sub_gridboxes;
    const rename = await call('PUT', '/update_sub_gridbox', a.regular.auth, { sub_gridbox_id: renamed.Sub_gridboxID, custom_name: 'Left pot', color: '#aa0000' });
    expect(rename.statusCode, rename.body).toBe(200);
    const after = await roomBundle(a.regular.auth, place.roomId, a.companyId, { 'if-none-match': latest });
    expect(after.statusCode).toBe(200);
    const grid = (after.json().sub_boxes as OfflineGridSubBoxes[])[0]!;
    expect(subGridboxesAnswerOf(grid, place.box(1, 2))).toEqual(await json('/get_sub_gridboxes', a.regular.auth, { parent_gridbox_id: place.box(1, 2) }));
    expect(subGridboxesAnswerOf(grid, place.box(1, 2))!.sub_gridboxes[0]).toMatchObject({ CustomName: 'Left pot', display_name: 'Left pot', Color: '#aa0000' });
  });

  it('names a missing or bad field', async () => {
    const missing = await call('GET', '/offline_room_bundle', a.regular.auth, { company_id: a.companyId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'room_id' });
    const bad = await call('GET', '/offline_room_bundle', a.regular.auth, { company_id: a.companyId, room_id: 'north' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'room_id' });
  });

  it("answers 403 for another company_id and 404 for another company's room", async () => {
    expect((await roomBundle(b.regular.auth, place.roomId, a.companyId)).statusCode).toBe(403);
    expect((await roomBundle(b.regular.auth, place.roomId, b.companyId)).statusCode).toBe(404);
    expect((await call('GET', '/offline_room_bundle', {}, { company_id: a.companyId, room_id: place.roomId })).statusCode).toBe(401);
  });

  it("gives a consultant only their rooms, and only the parts they may read one by one", async () => {
    const email = 'fill-consultant@example.com';
    const invite = await call('POST', '/invite_consultant', a.admin.auth, {}, { company_id: a.companyId, email, name: 'Iris Adviser', room_ids: [place.roomId] });
    expect(invite.statusCode, invite.body).toBe(200);
    const signUp = await call('POST', '/Create_new_user', {}, {}, { first_name: 'Iris', last_name: 'Adviser', email, password: 'Lacewing larvae 2026!', invite_token: invite.json().invite_token });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const consultant = { authorization: `Bearer ${signUp.json().data.access_token}` };

    const res = await roomBundle(consultant, place.roomId);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json();
    expect(bundle.problems).toEqual(await json('/get_unresolved_problems_for_room', consultant, { room_id: place.roomId }));
    expect(bundle.circles[0].answer).toEqual(await json('/get_unresolved_problems_for_grid_circles', consultant, { grid_id: place.gridId }));
    expect(bundle).not.toHaveProperty('scroll');
    expect(bundle).not.toHaveProperty('batches');
    expect(bundle).not.toHaveProperty('sub_boxes');
    expect((await roomBundle(consultant, other.roomId)).statusCode).toBe(404);
    expect((await call('GET', '/offline_batches_bundle', consultant, { company_id: a.companyId, batch_ids: batchIds.join(',') })).statusCode).toBe(403);
  });
});

describe('GET /offline_batches_bundle', () => {
  // The device's today: the batches were made today, and a dashboard may not end before its batch began.
  const end = utcDate();
  it("holds each batch's parts exactly as their own endpoints answer them, and the histories of their rooms", async () => {
    const bundle = await json('/offline_batches_bundle', a.regular.auth, { company_id: a.companyId, batch_ids: batchIds.join(','), end_date: end });
    expect(bundle.batches.map((x: { batch_id: number }) => x.batch_id)).toEqual(batchIds);
    for (const [i, id] of batchIds.entries()) {
      const part = bundle.batches[i];
      expect(part.detail).toEqual(await json(`/batch_qr_info/${id}`, a.regular.auth, { company_id: a.companyId }));
      expect(part.problems).toEqual(await json('/get_batch_problems', a.regular.auth, { company_id: a.companyId, batch_id: id, include_resolved: 'true' }));
      expect(part.open_problems).toEqual(await json('/get_batch_problems', a.regular.auth, { company_id: a.companyId, batch_id: id, include_resolved: 'false' }));
      expect(part.dashboard).toEqual(await json('/get_batch_dashboard', a.regular.auth, { company_id: a.companyId, batch_id: id, end_date: end }));
      expect(part.rooms).toEqual(await json('/get_rooms_by_batch', a.regular.auth, { batch_id: id }));
      expect(batchPlantsAnswerOf(part.plants)).toEqual(await json('/get_all_plants_linked_to_batch', a.regular.auth, { batch_id: id, include_harvested: 'true' }));
    }
    expect(bundle.batches[0].problems.problems).toHaveLength(2);
    expect(bundle.batches[0].open_problems.problems).toHaveLength(1);
    expect(bundle.room_histories.map((h: { room_id: number }) => h.room_id).sort()).toEqual([place.roomId, other.roomId].sort());
    for (const h of bundle.room_histories) {
      const single = await call('POST', '/get_batch_history_by_room', a.regular.auth, {}, { room_id: h.room_id });
      expect(h.answer).toEqual(single.json());
    }
  });

  it('names a missing, bad or too long batch_ids', async () => {
    const missing = await call('GET', '/offline_batches_bundle', a.regular.auth, { company_id: a.companyId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'batch_ids' });
    const tooMany = Array.from({ length: OFFLINE_BATCHES_MAX + 1 }, (_, i) => i + 1).join(',');
    const long = await call('GET', '/offline_batches_bundle', a.regular.auth, { company_id: a.companyId, batch_ids: tooMany });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'batch_ids' });
    const badDate = await call('GET', '/offline_batches_bundle', a.regular.auth, { company_id: a.companyId, batch_ids: String(batchIds[0]), end_date: 'soon' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ field: 'end_date' });
  });

  it("answers 403 for another company_id and 404 for another company's batch", async () => {
    expect((await call('GET', '/offline_batches_bundle', b.regular.auth, { company_id: a.companyId, batch_ids: String(batchIds[0]) })).statusCode).toBe(403);
    expect((await call('GET', '/offline_batches_bundle', b.regular.auth, { company_id: b.companyId, batch_ids: String(batchIds[0]) })).statusCode).toBe(404);
  });
});
