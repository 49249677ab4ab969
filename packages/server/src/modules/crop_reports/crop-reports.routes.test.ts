import { beforeAll, describe, expect, it } from 'vitest';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

/**
 * A fixed facility for company `a`, every figure below computed by hand from it:
 *   rooms North, South, Empty; custom status Drying
 *   B1 Basil Vegetative 100 plants, 10 pre-booked, ends Wed 2026-03-04, in North, tray 24
 *   B2 Mint  Ready       40, 15, ends Sun 2026-03-08, in North and South, tray 12
 *   B3 Basil Ready       30, 40, ends Mon 2026-03-09, in South
 *   B4 Basil Harvested  500,  0, ends 2026-03-04, harvested, in North, tray 8
 *   B5 Thyme Destroyed   20,  0, no end date
 *   B6 Mint  Flowering   60,  0, no end date, moved out of South (no room now)
 *   B7 basil Drying       5,  0, ends Mon 2026-03-02, no room
 *   a tray of 6 plants in no batch
 */
const ids = { rooms: {} as Record<'North' | 'South' | 'Empty', number>, batches: {} as Record<number, number> };
let otherRoom = 0;
let otherBatch = 0;

async function seed() {
  const db = t.app.db;
  for (const name of ['North', 'South', 'Empty'] as const) {
    ids.rooms[name] = (await db.insertInto('rooms').values({ company_id: a.companyId, name }).returning('room_id').executeTakeFirstOrThrow()).room_id;
  }
  otherRoom = (await db.insertInto('rooms').values({ company_id: b.companyId, name: 'Theirs' }).returning('room_id').executeTakeFirstOrThrow()).room_id;
  await db.insertInto('custom_batch_statuses').values({ company_id: a.companyId, status_name: 'Drying' }).execute();
  const batch = async (n: number, strain: string, status: string, plants: number, pre: number, end: string | null, harvested = false) => {
    const row = await db
      .insertInto('batches')
      .values({
        company_id: a.companyId, batch_number: `B${n}`, strain_name: strain, batch_status: status, number_of_plants: plants, pre_books: pre,
        end_date: end, harvested_at: harvested ? new Date('2026-03-05T10:00:00Z') : null, color: null, harvested_by: null,
        harvest_wet_weight: null, harvest_dry_weight: null, harvest_unit: null, start_date: null, created_by: null,
        created_at: new Date('2026-01-10T09:00:00Z'),
      })
      .returning('batch_id')
      .executeTakeFirstOrThrow();
    ids.batches[n] = row.batch_id;
  };
  await batch(1, 'Basil', 'Vegetative', 100, 10, '2026-03-04');
  await batch(2, 'Mint', 'Ready', 40, 15, '2026-03-08');
  await batch(3, 'Basil', 'Ready', 30, 40, '2026-03-09');
  await batch(4, 'Basil', 'Harvested', 500, 0, '2026-03-04', true);
  await batch(5, 'Thyme', 'Destroyed', 20, 0, null);
  await batch(6, 'Mint', 'Flowering', 60, 0, null);
  await batch(7, 'basil', 'Drying', 5, 0, '2026-03-02');
  otherBatch = (
    await db.insertInto('batches').values({ company_id: b.companyId, batch_number: 'X1', strain_name: 'Basil', batch_status: 'Ready', number_of_plants: 999, color: null, start_date: null, end_date: null, harvested_at: null, harvested_by: null, harvest_wet_weight: null, harvest_dry_weight: null, harvest_unit: null, created_by: null }).returning('batch_id').executeTakeFirstOrThrow()
  ).batch_id;
  const link = (room: number, n: number, unlinked: Date | null = null) =>
    db.insertInto('room_batches').values({ company_id: a.companyId, room_id: room, batch_id: ids.batches[n]!, linked_by: null, unlinked_at: unlinked }).execute();
  await link(ids.rooms.North, 1);
  await link(ids.rooms.North, 2);
  await link(ids.rooms.South, 2);
  await link(ids.rooms.South, 3);
  await link(ids.rooms.North, 4);
  await link(ids.rooms.South, 6, new Date('2026-02-01T00:00:00Z'));
  const tray = (plants: number, n: number | null) =>
    db.insertInto('trays').values({ company_id: a.companyId, tray_name: `T${plants}`, number_of_plants: plants, batch_id: n ? ids.batches[n]! : null, template_id: null, created_by: null }).execute();
  await tray(24, 1);
  await tray(12, 2);
  await tray(8, 4);
  await tray(6, null);
  await db.insertInto('batch_status_history').values([
    { company_id: a.companyId, batch_id: ids.batches[1]!, from_status: null, to_status: 'Planned', changed_by: null, changed_at: new Date('2026-01-10T09:00:00Z') },
    { company_id: a.companyId, batch_id: ids.batches[1]!, from_status: 'Planned', to_status: 'Vegetative', changed_by: null, changed_at: new Date('2026-02-01T08:00:00Z') },
  ]).execute();
}

beforeAll(seed);

const get = (path: string, query: Record<string, string | number>, headers: Record<string, string> = a.regular.auth) =>
  t.app.inject({ method: 'GET', url: `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, headers });
const ok = async (path: string, query: Record<string, string | number>) => {
  const res = await get(path, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const row = (group: string, room_id: number | null, batches: number, plants: number, pre_books: number, trays: number, tray_plants: number) =>
  ({ group, room_id, batches, plants, pre_books, trays, tray_plants });

describe('GET /get_plant_count_report', () => {
  it('groups growing batches by crop (case-insensitively) by default, with trays and totals', async () => {
    const body = await ok('get_plant_count_report', { company_id: a.companyId });
    expect(body.data).toEqual([row('Basil', null, 3, 135, 50, 1, 24), row('Mint', null, 2, 100, 15, 1, 12)]);
    expect(body.summary).toEqual({
      group_by: 'crop', batches: 5, plants: 235, pre_books: 65, trays: 2, tray_plants: 36,
      trays_without_batch: 1, tray_plants_without_batch: 6, batches_without_room: 2, plants_without_room: 65,
    });
  });

  it('by status counts every batch, harvested and destroyed too, most plants first', async () => {
    const body = await ok('get_plant_count_report', { company_id: a.companyId, group_by: 'status' });
    expect(body.data.map((r: { group: string; plants: number }) => [r.group, r.plants])).toEqual([
      ['Harvested', 500], ['Vegetative', 100], ['Ready', 70], ['Flowering', 60], ['Destroyed', 20], ['Drying', 5],
    ]);
    expect(body.data[0]).toEqual(row('Harvested', null, 1, 500, 0, 1, 8));
    expect(body.summary).toMatchObject({ group_by: 'status', batches: 7, plants: 755 });
  });

  it('by room lists every room by name, an empty one with zeros; a moved-out batch is not counted', async () => {
    const body = await ok('get_plant_count_report', { company_id: a.companyId, group_by: 'room' });
    expect(body.data).toEqual([
      row('Empty', ids.rooms.Empty, 0, 0, 0, 0, 0),
      row('North', ids.rooms.North, 2, 140, 25, 2, 36),
      row('South', ids.rooms.South, 2, 70, 55, 1, 12),
    ]);
  });

  it('filters by rooms and by batches; trays in no batch only count unfiltered', async () => {
    const south = await ok('get_plant_count_report', { company_id: a.companyId, group_by: 'room', room_ids: String(ids.rooms.South) });
    expect(south.data).toEqual([row('South', ids.rooms.South, 2, 70, 55, 1, 12)]);
    expect(south.summary).toMatchObject({ batches: 2, plants: 70, trays_without_batch: 0, batches_without_room: 0 });
    const some = await ok('get_plant_count_report', { company_id: a.companyId, group_by: 'room', batch_ids: `${ids.batches[1]},${ids.batches[6]}` });
    expect(some.data).toEqual([row('North', ids.rooms.North, 1, 100, 10, 1, 24)]);
    expect(some.summary).toMatchObject({ batches: 2, plants: 160, batches_without_room: 1, plants_without_room: 60 });
  });

  it('another company counts only its own batches', async () => {
    const res = await get('get_plant_count_report', { company_id: b.companyId }, b.regular.auth);
    expect(res.json().data).toEqual([row('Basil', null, 1, 999, 0, 0, 0)]);
  });

  it.each([
    [{ group_by: 'variety' }, 'group_by', 'group_by must be one of: crop, room, status.'],
    [{ room_ids: 'north' }, 'room_ids.0', 'room_ids.0 must be a number.'],
    [{ batch_ids: String(2 ** 31) }, 'batch_ids.0', `batch_ids.0 must be at most ${2 ** 31 - 1}.`],
  ])('%o → 400 naming %s', async (query, field, message) => {
    const res = await get('get_plant_count_report', { company_id: a.companyId, ...query });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
  });

  it("another company's room or batch → 404; another company_id → 403; no token → 401", async () => {
    expect((await get('get_plant_count_report', { company_id: a.companyId, room_ids: otherRoom })).statusCode).toBe(404);
    expect((await get('get_plant_count_report', { company_id: a.companyId, batch_ids: otherBatch })).statusCode).toBe(404);
    expect((await get('get_plant_count_report', { company_id: a.companyId }, b.admin.auth)).statusCode).toBe(403);
    expect((await get('get_plant_count_report', { company_id: a.companyId }, {})).statusCode).toBe(401);
  });
});

describe('GET /get_crop_status_report', () => {
  it('lists the batches of the statuses asked (any case), in that order, with rooms, status since and totals', async () => {
    const body = await ok('get_crop_status_report', { company_id: a.companyId, batch_statuses: 'ready,Vegetative' });
    expect(body.data.map((r: { batch_number: string }) => r.batch_number)).toEqual(['B2', 'B3', 'B1']);
    expect(body.data[0]).toEqual({
      batch_id: ids.batches[2], batch_number: 'B2', strain_name: 'Mint', batch_status: 'Ready', number_of_plants: 40, pre_books: 15,
      start_date: null, end_date: '2026-03-08', harvested: false, status_since: '2026-01-10T09:00:00.000Z',
      rooms: [{ room_id: ids.rooms.North, name: 'North' }, { room_id: ids.rooms.South, name: 'South' }],
    });
    expect(body.data[2].status_since).toBe('2026-02-01T08:00:00.000Z');
    expect(body.status_summary).toEqual([
      { batch_status: 'Ready', batches: 2, plants: 70, pre_books: 55 },
      { batch_status: 'Vegetative', batches: 1, plants: 100, pre_books: 10 },
    ]);
  });

  it('only the batches now in the rooms named; a status no batch has counts zero', async () => {
    const body = await ok('get_crop_status_report', { company_id: a.companyId, batch_statuses: '["Ready","Vegetative","Planned"]', room_ids: String(ids.rooms.North) });
    expect(body.data.map((r: { batch_number: string }) => r.batch_number)).toEqual(['B2', 'B1']);
    expect(body.status_summary).toEqual([
      { batch_status: 'Ready', batches: 1, plants: 40, pre_books: 15 },
      { batch_status: 'Vegetative', batches: 1, plants: 100, pre_books: 10 },
      { batch_status: 'Planned', batches: 0, plants: 0, pre_books: 0 },
    ]);
  });

  it.each([
    [{}, 'batch_statuses', 'batch_statuses is required.'],
    [{ batch_statuses: '' }, 'batch_statuses', 'batch_statuses is required.'],
    [{ batch_statuses: '[]' }, 'batch_statuses', 'batch_statuses must be a non-empty list of batch statuses.'],
    [{ batch_statuses: 'Ready', room_ids: '0' }, 'room_ids.0', 'room_ids.0 must be a positive number.'],
  ])('%o → 400 naming %s', async (query, field, message) => {
    const res = await get('get_crop_status_report', { company_id: a.companyId, ...query });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
  });

  it('an unknown status is a 400 listing the company choices, its own included', async () => {
    const res = await get('get_crop_status_report', { company_id: a.companyId, batch_statuses: 'Ready,Curing' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'batch_statuses', message: 'batch_statuses must be one of: Planned, Propagation, Vegetative, Flowering, Ready, Harvested, Destroyed, Drying.' });
  });

  it("another company's room → 404; company_id → 403; no company_id → 400", async () => {
    expect((await get('get_crop_status_report', { company_id: a.companyId, batch_statuses: 'Ready', room_ids: otherRoom })).statusCode).toBe(404);
    expect((await get('get_crop_status_report', { company_id: a.companyId, batch_statuses: 'Ready' }, b.regular.auth)).statusCode).toBe(403);
    const res = await get('get_crop_status_report', { batch_statuses: 'Ready' });
    expect(res.json()).toMatchObject({ field: 'company_id', message: 'company_id is required.' });
  });
});

describe('GET /crop_availability_report', () => {
  const open = 'Planned,Propagation,Vegetative,Flowering,Ready,Drying,Harvested';

  it('by variety and by Monday-start week of the end date; harvested batches never count', async () => {
    const body = await ok('crop_availability_report', { company_id: a.companyId, batch_statuses: open });
    expect(body.data).toEqual([
      { strain_name: 'Basil', batches: 3, plants: 135, pre_books: 50, available: 85 },
      { strain_name: 'Mint', batches: 2, plants: 100, pre_books: 15, available: 85 },
    ]);
    expect(body.weeks.map((w: { week_start: string; week_end: string; batches: number; plants: number; pre_books: number; available: number; batch_list: Array<{ batch_number: string }> }) =>
      [w.week_start, w.week_end, w.batches, w.plants, w.pre_books, w.available, w.batch_list.map((x) => x.batch_number)])).toEqual([
      ['2026-03-02', '2026-03-08', 3, 145, 25, 120, ['B7', 'B1', 'B2']],
      ['2026-03-09', '2026-03-15', 1, 30, 40, 0, ['B3']],
    ]);
    expect(body.weeks[1].batch_list[0]).toEqual({
      batch_id: ids.batches[3], batch_number: 'B3', strain_name: 'Basil', batch_status: 'Ready', number_of_plants: 30, pre_books: 40, end_date: '2026-03-09',
    });
    expect(body.undated).toEqual({ batches: 1, plants: 60, pre_books: 0, available: 60 });
    expect(body.summary).toEqual({ batches: 5, plants: 235, pre_books: 65, available: 170 });
  });

  it('Ready only: available never below zero, most available first', async () => {
    const body = await ok('crop_availability_report', { company_id: a.companyId, batch_statuses: 'Ready' });
    expect(body.data).toEqual([
      { strain_name: 'Mint', batches: 1, plants: 40, pre_books: 15, available: 25 },
      { strain_name: 'Basil', batches: 1, plants: 30, pre_books: 40, available: 0 },
    ]);
  });

  it('a company without matching batches answers empty lists and zeros', async () => {
    const body = await ok('crop_availability_report', { company_id: a.companyId, batch_statuses: 'Planned' });
    expect(body).toEqual({ status: 'success', data: [], weeks: [], undated: { batches: 0, plants: 0, pre_books: 0, available: 0 }, summary: { batches: 0, plants: 0, pre_books: 0, available: 0 } });
  });

  it('needs batch statuses; another company → 403', async () => {
    expect((await get('crop_availability_report', { company_id: a.companyId })).json()).toMatchObject({ field: 'batch_statuses', message: 'batch_statuses is required.' });
    expect((await get('crop_availability_report', { company_id: a.companyId, batch_statuses: 'Ready' }, b.admin.auth)).statusCode).toBe(403);
    expect((await get('crop_availability_report', { company_id: a.companyId, batch_statuses: 'Ready' }, {})).statusCode).toBe(401);
  });
});

describe('GET /get_crop_status_by_variety', () => {
  it('one row per variety asked, in that order, statuses in lifecycle order then the company own', async () => {
    const body = await ok('get_crop_status_by_variety', { company_id: a.companyId, strain_names: '["BASIL","Mint","Kale","basil"]' });
    expect(body.data).toEqual([
      {
        strain_name: 'Basil', batches: 4, plants: 635, pre_books: 50,
        statuses: [
          { batch_status: 'Vegetative', batches: 1, plants: 100, pre_books: 10 },
          { batch_status: 'Ready', batches: 1, plants: 30, pre_books: 40 },
          { batch_status: 'Harvested', batches: 1, plants: 500, pre_books: 0 },
          { batch_status: 'Drying', batches: 1, plants: 5, pre_books: 0 },
        ],
      },
      {
        strain_name: 'Mint', batches: 2, plants: 100, pre_books: 15,
        statuses: [
          { batch_status: 'Flowering', batches: 1, plants: 60, pre_books: 0 },
          { batch_status: 'Ready', batches: 1, plants: 40, pre_books: 15 },
        ],
      },
      { strain_name: 'Kale', batches: 0, plants: 0, pre_books: 0, statuses: [] },
    ]);
  });

  it('optionally only some statuses; never another company batches', async () => {
    const body = await ok('get_crop_status_by_variety', { company_id: a.companyId, strain_names: 'Basil', batch_statuses: 'ready' });
    expect(body.data).toEqual([{ strain_name: 'Basil', batches: 1, plants: 30, pre_books: 40, statuses: [{ batch_status: 'Ready', batches: 1, plants: 30, pre_books: 40 }] }]);
  });

  it.each([
    [{}, 'strain_names', 'strain_names is required.'],
    [{ strain_names: '[]' }, 'strain_names', 'strain_names must be a non-empty list of strain names.'],
    [{ strain_names: 'Basil', batch_statuses: 'Curing' }, 'batch_statuses', undefined],
  ])('%o → 400 naming %s', async (query, field, message) => {
    const res = await get('get_crop_status_by_variety', { company_id: a.companyId, ...query });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
  });

  it('another company_id → 403', async () => {
    expect((await get('get_crop_status_by_variety', { company_id: a.companyId, strain_names: 'Basil' }, b.regular.auth)).statusCode).toBe(403);
  });
});
