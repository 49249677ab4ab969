import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, batchesEndpoints, batchesMessages, roomsEndpoints, utcDate, type GridBox } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { batchForm, formBody, postBatch } from '../../test/fixtures/batches.test-kit.js';
import { roomTreeJson } from '../rooms/room-tree.sql.js';

// What a recorded application does elsewhere: "no entry until" on the room map, the batch dashboard's
// treatments, and the refusal (or an Admin's audited override) when a batch is harvested inside a pre-harvest interval.

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
type Auth = { authorization: string };

let t: TestApp;
let a: Tenant;
let b: Tenant;
let fa: FacilityFixture;
let fb: FacilityFixture;

beforeAll(async () => {
  // The room load streams (no response check by the routes layer): the contract is checked here.
  t = await buildTestApp({ validateResponses: false });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  fa = await makeFacility(t.app, a.companyId, { nx: 3, ny: 2 });
  fb = await makeFacility(t.app, b.companyId, { nx: 2, ny: 1 });
});
afterAll(() => t.close());

async function addProduct(auth: Auth, companyId: number, fields: Record<string, string | number>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/add_spray_product', query: { company_id: String(companyId) }, headers: auth, payload: fields });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().product as { product_id: number; name: string };
}

async function apply(auth: Auth, fields: { ApplicationDate: string; ProductName: string; QuantityUsed: number; Grid_boxIDs: number[] }) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/link_treatment_products_gridboxes', headers: auth,
    payload: { ...fields, Grid_boxIDs: JSON.stringify(fields.Grid_boxIDs) },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().application as { application_id: number; reentry_until: string | null; preharvest_until: string | null };
}

async function boxesOf(tenant: Tenant, roomId: number): Promise<Map<number, GridBox>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/load_room_grids_boxes?company_id=${tenant.companyId}&room_id=${roomId}`, headers: tenant.regular.auth });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const body = roomsEndpoints.loadRoomGridsBoxes.response.parse(JSON.parse(res.body));
  // The reference one-statement query marks the same boxes.
  const ref = await sql<{ rooms: unknown }>`SELECT ${roomTreeJson(tenant.companyId, roomId)} AS rooms`.execute(t.app.db);
  expect(JSON.parse(res.body).rooms).toEqual(ref.rows[0]!.rooms);
  return new Map(body.rooms.flatMap((r) => r.grids.flatMap((g) => g.grid_boxes)).map((box) => [box.id, box]));
}

const isoDay = (offsetDays: number) => addDays(utcDate(), offsetDays);

describe('load_room_grids_boxes: NoEntryUntil', () => {
  it('marks the boxes inside a running re-entry interval with its latest end, and no other box', async () => {
    const before = await boxesOf(a, fa.roomId);
    expect(before.get(fa.box(1, 1))).not.toHaveProperty('NoEntryUntil');

    const short = await addProduct(a.admin.auth, a.companyId, { name: 'Spinosad', reentry_interval_hours: 12 });
    const long = await addProduct(a.admin.auth, a.companyId, { name: 'Abamectin', reentry_interval_hours: 48 });
    const none = await addProduct(a.admin.auth, a.companyId, { name: 'Bacillus thuringiensis' });
    const now = new Date().toISOString();
    const first = await apply(a.regular.auth, { ApplicationDate: now, ProductName: short.name, QuantityUsed: 2, Grid_boxIDs: [fa.box(1, 1), fa.box(2, 1)] });
    const second = await apply(a.regular.auth, { ApplicationDate: now, ProductName: long.name, QuantityUsed: 1, Grid_boxIDs: [fa.box(2, 1)] });
    await apply(a.regular.auth, { ApplicationDate: now, ProductName: none.name, QuantityUsed: 1, Grid_boxIDs: [fa.box(3, 1)] });
    // Ended long ago: not shown.
    await apply(a.regular.auth, { ApplicationDate: '2020-01-01', ProductName: long.name, QuantityUsed: 1, Grid_boxIDs: [fa.box(1, 2)] });

    const after = await boxesOf(a, fa.roomId);
    expect(after.get(fa.box(1, 1))!.NoEntryUntil).toBe(first.reentry_until);
    expect(after.get(fa.box(2, 1))!.NoEntryUntil).toBe(second.reentry_until);
    expect(Date.parse(second.reentry_until!)).toBeGreaterThan(Date.parse(first.reentry_until!));
    expect(after.get(fa.box(3, 1))).not.toHaveProperty('NoEntryUntil');
    expect(after.get(fa.box(1, 2))).not.toHaveProperty('NoEntryUntil');
    // The field is added after the box's own fields, beside the counts.
    expect(Object.keys(after.get(fa.box(1, 1))!)).toEqual([...Object.keys(before.get(fa.box(1, 1))!), 'NoEntryUntil']);
  });

  it('adds NoEntryUntil after the sub-box counts of a box that has both', async () => {
    const res = await t.app.inject({
      method: 'POST', url: `/api/create_sub_gridboxes?parent_gridbox_id=${fa.box(1, 1)}&user_id=${a.regular.user_id}&nx=1&ny=2`, headers: a.regular.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const box = (await boxesOf(a, fa.roomId)).get(fa.box(1, 1))!;
    expect(box).toMatchObject({ SubGridboxCount: 2, PlantCount: 2 });
    expect(Object.keys(box).slice(-3)).toEqual(['SubGridboxCount', 'PlantCount', 'NoEntryUntil']);
  });

  it("another company's room load shows none of it, and its own applications only", async () => {
    expect([...(await boxesOf(b, fb.roomId)).values()].some((box) => 'NoEntryUntil' in box)).toBe(false);
    const theirs = await addProduct(b.admin.auth, b.companyId, { name: 'Spinosad', reentry_interval_hours: 24 });
    await apply(b.regular.auth, { ApplicationDate: new Date().toISOString(), ProductName: theirs.name, QuantityUsed: 1, Grid_boxIDs: [fb.box(1, 1)] });
    const boxes = await boxesOf(b, fb.roomId);
    expect(boxes.get(fb.box(1, 1))!.NoEntryUntil).toBeDefined();
    expect(boxes.get(fb.box(2, 1))).not.toHaveProperty('NoEntryUntil');
  });
});

describe('batch dashboard treatments and the pre-harvest warning', () => {
  async function batchOnBoxes(boxIds: number[]) {
    const batch = await postBatch(t.app, a.admin.auth, a.companyId, { StartDate: isoDay(-20) });
    const link = await t.app.inject({ method: 'POST', url: '/api/link_gridbox_batch', headers: a.regular.auth, payload: { batch_id: batch.BatchID, grid_box_ids: boxIds } });
    expect(link.statusCode, link.body).toBe(200);
    return batch;
  }
  const dashboard = async (batchId: number, auth: Auth = a.regular.auth, companyId = a.companyId) =>
    t.app.inject({ method: 'GET', url: `/api/get_batch_dashboard?company_id=${companyId}&batch_id=${batchId}`, headers: auth });

  it("lists the applications on the batch's boxes in the range, newest first, with how many of its boxes each covered", async () => {
    const product = await addProduct(a.admin.auth, a.companyId, { name: 'Neem oil', reentry_interval_hours: 4, preharvest_interval_days: 3 });
    const batch = await batchOnBoxes([fa.box(1, 2), fa.box(2, 2)]);
    const older = await apply(a.regular.auth, { ApplicationDate: isoDay(-10), ProductName: product.name, QuantityUsed: 1.5, Grid_boxIDs: [fa.box(1, 2), fa.box(2, 2), fa.box(3, 2)] });
    const newer = await apply(a.regular.auth, { ApplicationDate: isoDay(-1), ProductName: product.name, QuantityUsed: 0.5, Grid_boxIDs: [fa.box(2, 2)] });
    // Boxes outside the batch only: not listed.
    await apply(a.regular.auth, { ApplicationDate: isoDay(-1), ProductName: product.name, QuantityUsed: 3, Grid_boxIDs: [fa.box(3, 2)] });

    const res = await dashboard(batch.BatchID);
    expect(res.statusCode, res.body).toBe(200);
    const { treatments } = batchesEndpoints.getBatchDashboard.response.parse(res.json()).batch_details;
    expect(treatments).toEqual([
      { application_id: newer.application_id, date: isoDay(-1), product: 'Neem oil', quantity: 0.5, grid_boxes: 1, reentry_until: newer.reentry_until, preharvest_until: isoDay(2) },
      { application_id: older.application_id, date: isoDay(-10), product: 'Neem oil', quantity: 1.5, grid_boxes: 2, reentry_until: older.reentry_until, preharvest_until: isoDay(-7) },
    ]);
    const narrow = await t.app.inject({
      method: 'GET', url: `/api/get_batch_dashboard?company_id=${a.companyId}&batch_id=${batch.BatchID}&start_date=${isoDay(-12)}&end_date=${isoDay(-5)}`, headers: a.regular.auth,
    });
    expect(narrow.json().batch_details.treatments.map((x: { application_id: number }) => x.application_id)).toEqual([older.application_id]);
    // Another company cannot read it.
    expect((await dashboard(batch.BatchID, b.regular.auth, b.companyId)).statusCode).toBe(404);
  });

  it('refuses a harvest inside a pre-harvest interval with product, date and end; an Admin overrides with a reason (audited); none after it ended', async () => {
    const product = await addProduct(a.admin.auth, a.companyId, { name: 'Pyrethrin', preharvest_interval_days: 5 });
    const inside = await batchOnBoxes([fa.box(3, 1)]);
    const applied = await apply(a.regular.auth, { ApplicationDate: isoDay(-1), ProductName: product.name, QuantityUsed: 1, Grid_boxIDs: [fa.box(3, 1), fa.box(1, 2)] });
    const harvest = (auth: { authorization: string }, reason?: string) =>
      t.app.inject({
        method: 'POST', url: '/api/harvest_batch', headers: auth,
        query: { batch_id: String(inside.BatchID), company_id: String(a.companyId), ...(reason === undefined ? {} : { preharvest_override_reason: reason }) },
      });
    const refused = await harvest(a.regular.auth);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      field: 'preharvest_override_reason',
      message: batchesMessages.preharvestRefused([{ product: 'Pyrethrin', date: isoDay(-1), preharvest_until: isoDay(4) }]),
    });
    expect(refused.json().message).toContain(`Pyrethrin applied on ${isoDay(-1)}, interval ends on ${isoDay(4)}`);
    const notAdmin = await harvest(a.regular.auth, 'Crop is being destroyed');
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().message).toBe(batchesMessages.preharvestOverrideAdminOnly);
    // Another company's Admin cannot override on this batch.
    expect((await t.app.inject({ method: 'POST', url: '/api/harvest_batch', headers: b.admin.auth, query: { batch_id: String(inside.BatchID), company_id: String(b.companyId), preharvest_override_reason: 'x' } })).statusCode).toBe(404);
    const res = await harvest(a.admin.auth, 'Crop is being destroyed');
    expect(res.statusCode, res.body).toBe(200);
    const body = batchesEndpoints.harvestBatch.response.parse(res.json());
    expect(body.batch.Harvested).toBe(true);
    expect(body.preharvest_warnings).toEqual([
      { application_id: applied.application_id, product: 'Pyrethrin', date: isoDay(-1), preharvest_until: isoDay(4), grid_boxes: 1 },
    ]);
    const audit = await t.app.db.selectFrom('audit_events').select('after').where('action', '=', 'batch.harvested').where('entity_id', '=', String(inside.BatchID)).executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({
      preharvest_warnings: [{ application_id: applied.application_id, preharvest_until: isoDay(4) }],
      preharvest_override: { reason: 'Crop is being destroyed', by: a.admin.user_id },
    });

    const ended = await addProduct(a.admin.auth, a.companyId, { name: 'Copper', preharvest_interval_days: 2 });
    const clear = await batchOnBoxes([fa.box(2, 1)]);
    await apply(a.regular.auth, { ApplicationDate: isoDay(-30), ProductName: ended.name, QuantityUsed: 1, Grid_boxIDs: [fa.box(2, 1)] });
    const ok = await t.app.inject({ method: 'POST', url: `/api/harvest_batch?batch_id=${clear.BatchID}&company_id=${a.companyId}`, headers: a.regular.auth });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().preharvest_warnings).toEqual([]);
  });

  it('refuses Harvested by a status change inside a pre-harvest interval too (update_batches, assign_status_to_batches): only the harvest action takes an override', async () => {
    const product = await addProduct(a.admin.auth, a.companyId, { name: 'Spinosad 480', preharvest_interval_days: 3 });
    const fc = await makeFacility(t.app, a.companyId, { roomName: 'Status room', gridName: 'Status grid', nx: 1, ny: 1 });
    const inside = await batchOnBoxes([fc.box(1, 1)]);
    await apply(a.regular.auth, { ApplicationDate: isoDay(0), ProductName: product.name, QuantityUsed: 1, Grid_boxIDs: [fc.box(1, 1)] });
    const message = batchesMessages.preharvestRefused([{ product: 'Spinosad 480', date: isoDay(0), preharvest_until: isoDay(3) }]);
    const updated = await t.app.inject({
      method: 'PUT', url: `/api/update_batches?batch_id=${inside.BatchID}&company_id=${a.companyId}`, headers: a.admin.auth, payload: batchForm({ BatchStatus: 'Harvested' }),
    });
    expect(updated.statusCode, updated.body).toBe(422);
    expect(updated.json()).toMatchObject({ field: 'BatchStatus', message });
    const assigned = await t.app.inject({
      method: 'POST', url: `/api/assign_status_to_batches?company_id=${a.companyId}`, headers: { ...a.admin.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({ batch_status: 'Harvested', batch_ids: String(inside.BatchID) }),
    });
    expect(assigned.statusCode, assigned.body).toBe(422);
    expect(assigned.json()).toMatchObject({ field: 'batch_status', message });
    const row = await t.app.db.selectFrom('batches').select(['batch_status', 'harvested_at']).where('batch_id', '=', inside.BatchID).executeTakeFirstOrThrow();
    expect(row).toEqual({ batch_status: expect.not.stringMatching(/^Harvested$/), harvested_at: null });
    // Another status still changes freely.
    const moved = await t.app.inject({
      method: 'PUT', url: `/api/update_batches?batch_id=${inside.BatchID}&company_id=${a.companyId}`, headers: a.admin.auth, payload: batchForm({ BatchStatus: 'Vegetative' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
