import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchesMessages as msg } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { postBatch } from '../../test/fixtures/batches.test-kit.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let north: FacilityFixture;
let south: FacilityFixture;
let theirs: FacilityFixture;

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://verdant.example' });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  north = await makeFacility(t.app, a.companyId, { roomName: 'North', nx: 3, ny: 2 });
  south = await makeFacility(t.app, a.companyId, { roomName: 'South', nx: 2, ny: 2 });
  theirs = await makeFacility(t.app, b.companyId, { roomName: 'Theirs' });
});
afterAll(() => t.close());

const post = (url: string, headers = a.regular.auth, payload?: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, ...(payload ? { payload: payload as never } : {}) });
const get = (url: string, headers = a.regular.auth) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

describe('links to rooms, grids and grid boxes', () => {
  it('links and reads back each kind of link; lists batches by room and rooms by batch', async () => {
    const batch = await postBatch(t.app, a.admin.auth, a.companyId);
    const id = batch.BatchID;
    expect((await post(`/link_room_batch?room_id=${north.roomId}&batch_id=${id}`)).json().link).toMatchObject({ room_id: north.roomId, batch_id: id });
    expect((await post(`/link_grid_batch?grid_id=${north.gridId}&batch_id=${id}`)).statusCode).toBe(200);
    const boxes = await post('/link_gridbox_batch', a.regular.auth, { batch_id: id, grid_box_ids: [north.box(1, 1), north.box(2, 1)] });
    expect(boxes.json()).toMatchObject({ newly_linked: 2, grid_box_ids: [north.box(1, 1), north.box(2, 1)] });
    expect((await post('/link_gridbox_batch', a.regular.auth, { batch_id: id, grid_box_ids: [north.box(1, 1)] })).json().newly_linked).toBe(0);

    expect((await get(`/get_linked_rooms_batches?room_id=${north.roomId}&batch_id=${id}`)).json()).toMatchObject({ linked: true });
    expect((await get(`/get_linked_rooms_batches?room_id=${south.roomId}&batch_id=${id}`)).json()).toEqual({ status: 'success', linked: false, link: null });
    expect((await get(`/get_linked_grids_batches?grid_id=${north.gridId}&batch_id=${id}`)).json().linked).toBe(true);
    expect((await get(`/get_linked_gridboxes_batches?grid_box_id=${north.box(2, 1)}&batch_id=${id}`)).json().linked).toBe(true);
    expect((await get(`/get_linked_gridboxes_batches?grid_box_id=${north.box(3, 1)}&batch_id=${id}`)).json().linked).toBe(false);

    const byRoom = await get(`/get_batches_by_room?room_id=${north.roomId}`);
    expect(byRoom.json().batches.map((x: { BatchID: number }) => x.BatchID)).toContain(id);
    const rooms = await get(`/get_rooms_by_batch?batch_id=${id}`);
    expect(rooms.json()).toMatchObject({ status: 'success', data: [{ RoomID: north.roomId, Name: 'North' }] });

    const grid = await get(`/get_gridbox_batches?GridID=${north.gridId}`);
    const perBox = grid.json().GridBoxes as Array<{ GridBoxID: number; batches: Array<{ BatchID: number }> }>;
    expect(perBox).toHaveLength(6);
    expect(perBox.find((x) => x.GridBoxID === north.box(1, 1))!.batches.map((x) => x.BatchID)).toEqual([id]);
    expect(perBox.find((x) => x.GridBoxID === north.box(3, 2))!.batches).toEqual([]);
  });

  it('grid box links need a non-empty list of the company\'s boxes', async () => {
    const batch = await postBatch(t.app, a.admin.auth, a.companyId);
    const empty = await post('/link_gridbox_batch', a.regular.auth, { batch_id: batch.BatchID, grid_box_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: msg.gridBoxesRequired, field: 'grid_box_ids' });
    expect((await post('/link_gridbox_batch', a.regular.auth, { batch_id: batch.BatchID })).json().message).toBe(msg.gridBoxesRequired);
    expect((await post('/link_gridbox_batch', a.regular.auth, { grid_box_ids: [north.box(1, 1)] })).json().message).toBe('batch_id is required.');
    const foreign = await post('/link_gridbox_batch', a.regular.auth, { batch_id: batch.BatchID, grid_box_ids: [north.box(1, 1), theirs.box(1, 1)] });
    expect(foreign.statusCode).toBe(404);
    expect(await t.app.db.selectFrom('gridbox_batches').select('grid_box_id').where('batch_id', '=', batch.BatchID).execute()).toEqual([]);
  });

  it("another company's room, grid, box or batch → 404", async () => {
    const mine = await postBatch(t.app, a.admin.auth, a.companyId);
    const other = await postBatch(t.app, b.admin.auth, b.companyId);
    expect((await post(`/link_room_batch?room_id=${theirs.roomId}&batch_id=${mine.BatchID}`)).statusCode).toBe(404);
    expect((await post(`/link_room_batch?room_id=${north.roomId}&batch_id=${other.BatchID}`)).statusCode).toBe(404);
    expect((await post(`/link_grid_batch?grid_id=${theirs.gridId}&batch_id=${mine.BatchID}`)).statusCode).toBe(404);
    expect((await get(`/get_linked_gridboxes_batches?grid_box_id=${theirs.box(1, 1)}&batch_id=${mine.BatchID}`)).statusCode).toBe(404);
    expect((await get(`/get_rooms_by_batch?batch_id=${other.BatchID}`)).statusCode).toBe(404);
    expect((await get('/get_rooms_by_batch')).json().message).toBe(msg.batchIdRequired);
    expect((await get(`/get_gridbox_batches?GridID=${theirs.gridId}`)).statusCode).toBe(404);
    expect((await get(`/get_batches_by_room?room_id=${theirs.roomId}`)).statusCode).toBe(404);
  });
});

describe('moving a batch between rooms', () => {
  it('POST /move_plants moves the room link, clears grid and box links in the old room, records the move and history', async () => {
    const batch = await postBatch(t.app, a.admin.auth, a.companyId);
    const id = batch.BatchID;
    await post(`/link_room_batch?room_id=${north.roomId}&batch_id=${id}`);
    await post(`/link_grid_batch?grid_id=${north.gridId}&batch_id=${id}`);
    await post('/link_gridbox_batch', a.regular.auth, { batch_id: id, grid_box_ids: [north.box(1, 2)] });
    const res = await post(`/move_plants?batch_id=${id}&old_room_id=${north.roomId}&new_room_id=${south.roomId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ move: { batch_id: id, old_room_id: north.roomId, new_room_id: south.roomId }, grid_links_cleared: 1, box_links_cleared: 1 });
    expect((await get(`/get_rooms_by_batch?batch_id=${id}`)).json().data.map((r: { RoomID: number }) => r.RoomID)).toEqual([south.roomId]);
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'batch.moved').where('entity_id', '=', String(id)).execute();
    expect(audit[0]!.before).toMatchObject({ room_id: north.roomId, grid_box_ids: [north.box(1, 2)] });

    const again = await post(`/move_plants?batch_id=${id}&old_room_id=${north.roomId}&new_room_id=${south.roomId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.notInOldRoom);
    expect((await post(`/move_plants?batch_id=${id}&old_room_id=${south.roomId}&new_room_id=${south.roomId}`)).json().field).toBe('new_room_id');
    expect((await post(`/move_plants?batch_id=${id}&old_room_id=${south.roomId}&new_room_id=${theirs.roomId}`)).statusCode).toBe(404);

    const history = await post('/get_batch_history_by_room', a.regular.auth, { room_id: north.roomId });
    const entry = history.json().history.find((h: { batch: { BatchID: number } }) => h.batch.BatchID === id);
    expect(entry).toMatchObject({ in_room: false, moves: [{ old_room_id: north.roomId, new_room_id: south.roomId }] });
    expect(entry.unlinked_at).not.toBeNull();
    const southHistory = await post(`/get_batch_history_by_room?room_id=${south.roomId}`);
    expect(southHistory.json().history.find((h: { batch: { BatchID: number } }) => h.batch.BatchID === id)).toMatchObject({ in_room: true });
    expect((await post('/get_batch_history_by_room', a.regular.auth, { room_id: theirs.roomId })).statusCode).toBe(404);
  });

  it('POST /move_plant with the batch query and no plant does the same move', async () => {
    const batch = await postBatch(t.app, a.admin.auth, a.companyId);
    await post(`/link_room_batch?room_id=${south.roomId}&batch_id=${batch.BatchID}`);
    const res = await post(`/move_plant?batch_id=${batch.BatchID}&old_room_id=${south.roomId}&new_room_id=${north.roomId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', move: { old_room_id: south.roomId, new_room_id: north.roomId } });
    const half = await post(`/move_plant?batch_id=${batch.BatchID}&old_room_id=${south.roomId}`);
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('plant_uid is required.');
  });
});

describe('QR codes', () => {
  it('answers a PNG data URL of the info page, the PNG itself, the label info and a label sheet', async () => {
    const batch = await postBatch(t.app, a.admin.auth, a.companyId, { BatchNumber: 'QR/1 ä', StrainName: 'Haze' });
    await post(`/link_room_batch?room_id=${north.roomId}&batch_id=${batch.BatchID}`);
    const target = `https://verdant.example/dashboard/batch-info/${batch.BatchID}`;
    const url = await get(`/batch_qr_url/${batch.BatchID}?company_id=${a.companyId}`);
    expect(url.statusCode, url.body).toBe(200);
    expect(url.json()).toMatchObject({ target_url: target, size: 256 });
    expect(url.json().url).toMatch(/^data:image\/png;base64,/);
    const big = await get(`/batch_qr_url/${batch.BatchID}?company_id=${a.companyId}&size=512`);
    expect(Buffer.from(big.json().url.split(',')[1], 'base64').length).toBeGreaterThan(Buffer.from(url.json().url.split(',')[1], 'base64').length);
    expect((await get(`/batch_qr_url/${batch.BatchID}?company_id=${a.companyId}&size=20`)).json().field).toBe('size');

    const png = await get(`/batch_qr/${batch.BatchID}?company_id=${a.companyId}`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="batch-QR_1_-qr.png"');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const info = await get(`/batch_qr_info/${batch.BatchID}?company_id=${a.companyId}`);
    expect(info.json()).toMatchObject({ batch: { BatchNumber: 'QR/1 ä', StrainName: 'Haze' }, rooms: [{ RoomID: north.roomId }], target_url: target });

    const other = await postBatch(t.app, a.admin.auth, a.companyId);
    const sheet = await get(`/batch_qr_labels?company_id=${a.companyId}&batch_ids=${other.BatchID},${batch.BatchID}`);
    expect(sheet.json().labels.map((l: { batch: { BatchID: number } }) => l.batch.BatchID)).toEqual([other.BatchID, batch.BatchID]);
    const foreign = await postBatch(t.app, b.admin.auth, b.companyId);
    expect((await get(`/batch_qr_labels?company_id=${a.companyId}&batch_ids=${foreign.BatchID}`)).statusCode).toBe(404);
    for (const path of ['batch_qr_url', 'batch_qr', 'batch_qr_info']) {
      expect((await get(`/${path}/${foreign.BatchID}?company_id=${a.companyId}`)).statusCode).toBe(404);
      expect((await get(`/${path}/${batch.BatchID}?company_id=${a.companyId}`, b.admin.auth)).statusCode).toBe(403);
    }
  });
});

describe('dashboard and form responses', () => {
  it('counts plants and links, shows the status timeline, problems and responses per week', async () => {
    const batch = await postBatch(t.app, a.admin.auth, a.companyId, { StartDate: '2026-01-05' });
    const id = batch.BatchID;
    await post(`/link_room_batch?room_id=${north.roomId}&batch_id=${id}`);
    await post('/link_gridbox_batch', a.regular.auth, { batch_id: id, grid_box_ids: [north.box(3, 1)] });
    await t.app.inject({ method: 'PUT', url: `/api/update_batches?batch_id=${id}&company_id=${a.companyId}`, headers: a.admin.auth, payload: (() => { const f = new FormData(); f.append('BatchStatus', 'Vegetative'); return f; })() });
    const at = new Date('2026-01-14T10:00:00Z'); // a Wednesday: week of Monday 2026-01-12
    await t.app.db.insertInto('problem_observations').values([
      { company_id: a.companyId, problem: 'Aphids', severity: 3, grid_box_id: north.box(3, 1), source: 'scan', observed_at: at },
      { company_id: a.companyId, problem: 'Aphids', severity: 5, batch_id: id, source: 'batch_problem', observed_at: at },
      { company_id: a.companyId, problem: 'Mildew', severity: 2, grid_box_id: north.box(1, 1), source: 'scan', observed_at: at },
    ]).execute();
    const template = await t.app.db.insertInto('form_templates').values({ company_id: a.companyId, template_name: 'Scouting' }).returning('template_id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('form_responses').values([
      { company_id: a.companyId, template_id: template.template_id, grid_box_id: north.box(3, 1), observed_at: at, submitted_at: at },
      { company_id: a.companyId, template_id: template.template_id, batch_id: id, observed_at: at, submitted_at: at },
      { company_id: a.companyId, template_id: template.template_id, grid_box_id: north.box(2, 2), observed_at: at, submitted_at: at },
    ]).execute();

    const res = await get(`/get_batch_dashboard?company_id=${a.companyId}&batch_id=${id}&start_date=2026-01-01&end_date=2026-01-31`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().batch_details;
    expect(d.plant_counts).toMatchObject({ rooms: 1, grid_boxes: 1, linked_plants: 0 });
    expect(d.status_timeline.map((s: { to_status: string }) => s.to_status)).toEqual(['Planned', 'Vegetative']);
    expect(d.problems_over_time).toEqual([{ week: '2026-01-12', problem: 'Aphids', count: 2, max_severity: 5 }]);
    expect(d.form_responses_per_week).toEqual([{ week: '2026-01-12', count: 2 }]);
    expect(d.treatments).toEqual([]);
    const outside = await get(`/get_batch_dashboard?company_id=${a.companyId}&batch_id=${id}&start_date=2026-02-01&end_date=2026-02-28`);
    expect(outside.json().batch_details.problems_over_time).toEqual([]);
    const reversed = await get(`/get_batch_dashboard?company_id=${a.companyId}&batch_id=${id}&start_date=2026-02-01&end_date=2026-01-01`);
    expect(reversed.json()).toMatchObject({ field: 'start_date', message: msg.dateOrder });

    const responses = await get(`/get_batch_form_responses?batch_id=${id}`);
    expect(responses.json().responses).toHaveLength(2);
    expect(responses.json().responses[0]).toMatchObject({ template_name: 'Scouting' });

    const foreign = await postBatch(t.app, b.admin.auth, b.companyId);
    expect((await get(`/get_batch_dashboard?company_id=${a.companyId}&batch_id=${foreign.BatchID}`)).statusCode).toBe(404);
    expect((await get(`/get_batch_form_responses?batch_id=${foreign.BatchID}`)).statusCode).toBe(404);
  });
});
