import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REGISTER_EXPORT_HEADERS } from '@verdant/contract';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { parseCsv } from '../../test/fixtures/read-csv.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { EU_COLUMNS } from './register-formats.js';
import { REGISTER_PAGE } from './register.service.js';

// The exports stream as files; their content is read back here.
useTwoTenants();

type Auth = { authorization: string };
const exportOf = (auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: '/api/register/export', headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

const link = async (fields: Record<string, unknown>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v));
  const res = await t.app.inject({ method: 'POST', url: '/api/link_treatment_products_gridboxes', headers: a.regular.auth, payload: form });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().application.application_id as number;
};

describe('register exports', () => {
  let east: FacilityFixture;
  let west: FacilityFixture;
  let mixId: number;
  beforeAll(async () => {
    east = await makeFacility(t.app, a.companyId, { roomName: 'East house', gridName: 'Bay 1', nx: 2, ny: 1 });
    west = await makeFacility(t.app, a.companyId, { roomName: 'West house', gridName: 'Bay 9', nx: 1, ny: 1 });
    await t.app.db.updateTable('grids').set({ cell_area_m2: 50 }).where('grid_id', '=', east.gridId).execute();
    for (const [name, auth] of [['Vertimec', 'NL-12345'], ['=cmd|calc', null]] as const) {
      await t.app.db.insertInto('spray_products').values({
        company_id: a.companyId, name, details: null, reentry_interval_hours: 12, preharvest_interval_days: 3, created_by: null, created_at: new Date(), updated_at: new Date(),
        authorisation_number: auth, authorisation_country: auth ? 'NL' : null, unit: 'L',
        active_substances: JSON.stringify(auth ? [{ name: 'abamectin', concentration: 18, concentration_unit: 'g/L' }] : []),
      }).execute();
    }
    await t.app.db.updateTable('users').set({ spray_licence_number: 'LIC-7' }).where('user_id', '=', a.regular.user_id).execute();
    const problem = await t.app.db.selectFrom('plant_problems').select('problem_id').where('slug', '=', 'two-spotted-spider-mite').executeTakeFirstOrThrow();
    mixId = await link({
      ApplicationDate: '2026-03-02T07:00:00Z', StartTime: '2026-03-02T07:00:00Z', EndTime: '2026-03-02T08:15:00Z', ProductName: 'Vertimec', QuantityUsed: 0.25,
      QuantityUnit: 'L', Dose: 0.5, DoseUnit: 'L/1000L', TankMix: [{ ProductName: '=cmd|calc', QuantityUsed: 1, QuantityUnit: 'L' }],
      Grid_boxIDs: [east.box(1, 1), east.box(2, 1)], CropEppo: 'LYPES', CropName: 'Tomato, truss', BBCH: 61, WaterVolumeL: 500, Equipment: 'Spray boom',
      TargetProblemIDs: [problem.problem_id], Weather: { temperature_c: 19.5, humidity_pct: 80 },
    });
    await link({ ApplicationDate: '2026-03-20', ProductName: 'Vertimec', QuantityUsed: 0.1, Grid_boxIDs: [west.box(1, 1)] });
    await link({ ApplicationDate: '2026-05-01', ProductName: 'Vertimec', QuantityUsed: 0.1, Grid_boxIDs: [west.box(1, 1)] });
  });
  const march = () => ({ company_id: a.companyId, from: '2026-03-01', to: '2026-03-31' });

  it('exports the EU 2023/564 record as CSV, one line per product per application, with every field, read back', async () => {
    const res = await exportOf(a.admin.auth, { ...march(), format: 'eu_csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('verdant-register-eu-csv-2026-03-01-2026-03-31.csv');
    expect(res.headers[REGISTER_EXPORT_HEADERS.rows]).toBe('3');
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(EU_COLUMNS);
    expect(rows).toHaveLength(3);
    const line = (i: number) => Object.fromEntries(header!.map((h, j) => [h, rows[i]![j]]));
    expect(line(0)).toMatchObject({
      record_id: `${mixId}-1`, date: '2026-03-02', start_time: '2026-03-02T07:00:00.000Z', end_time: '2026-03-02T08:15:00.000Z', product_name: 'Vertimec',
      authorisation_number: 'NL-12345', authorisation_country: 'NL', active_substances: 'abamectin 18 g/L', crop_eppo_code: 'LYPES', crop_name: 'Tomato, truss',
      bbch_stage: '61', dose: '0.5', dose_unit: 'L/1000L', quantity_used: '0.25', quantity_unit: 'L', area_treated_m2: '100', area_treated_ha: '0.01',
      location_rooms: 'East house', location_boxes: 'Bay 1 1,1; Bay 1 2,1', boxes_treated: '2', operator_licence: 'LIC-7',
    });
    // A name a spreadsheet would run as a formula is written as text.
    expect(line(1)).toMatchObject({ record_id: `${mixId}-2`, product_name: "'=cmd|calc", quantity_used: '1' });
    expect(line(2)).toMatchObject({ date: '2026-03-20', location_rooms: 'West house', area_treated_m2: '' });
  });

  it('exports the same lines as JSON, a room alone, the GLOBALG.A.P. record, the applications list and the printable diary', async () => {
    const json = await exportOf(a.admin.auth, { ...march(), format: 'eu_json' });
    expect(json.statusCode).toBe(200);
    const body = JSON.parse(json.body) as { regulation: string; records: Record<string, unknown>[] };
    expect(body.regulation).toBe('(EU) 2023/564');
    expect(body.records.map((r) => [r.record_id, r.product_name, r.bbch_stage])).toEqual([[`${mixId}-1`, 'Vertimec', 61], [`${mixId}-2`, '=cmd|calc', 61], [expect.any(String), 'Vertimec', null]]);

    const room = await exportOf(a.admin.auth, { ...march(), format: 'eu_json', room_id: west.roomId });
    expect((JSON.parse(room.body) as typeof body).records.map((r) => r.location_rooms)).toEqual(['West house']);

    const gap = parseCsv((await exportOf(a.admin.auth, { ...march(), format: 'globalgap_csv' })).body.replace(/^\uFEFF/, ''));
    const g = Object.fromEntries(gap[0]!.map((h, j) => [h, gap[1]![j]]));
    expect(g).toMatchObject({ justification_target: 'Two-spotted spider mite', target_eppo_codes: 'TETRUR', water_volume_l: '500', application_equipment: 'Spray boom',
      pre_harvest_interval_days: '3', harvest_not_before: '2026-03-05', weather: '19.5 °C, 80% RH' });

    const list = await exportOf(a.admin.auth, { ...march(), format: 'applications_csv' });
    expect(list.headers[REGISTER_EXPORT_HEADERS.rows]).toBe('2');
    const apps = parseCsv(list.body.replace(/^\uFEFF/, ''));
    expect(apps.slice(1).map((r) => [r[4], r[5]])).toEqual([['Vertimec + =cmd|calc', '0.25 L + 1 L'], ['Vertimec', '0.1']]);

    const diary = await exportOf(a.admin.auth, { ...march(), format: 'spray_diary_html' });
    expect(diary.headers['content-type']).toContain('text/html');
    expect(diary.body).toContain('<td>Vertimec + =cmd|calc</td>');
    expect(diary.body).toContain('Tomato, truss / BBCH 61');
    expect(diary.body.match(/<tr><td>/g)).toHaveLength(2);
  });

  it('pages through more applications than one statement reads, each once, in order', async () => {
    const product = await t.app.db.selectFrom('spray_products').select('product_id').where('company_id', '=', a.companyId).where('name', '=', 'Vertimec').executeTakeFirstOrThrow();
    const n = REGISTER_PAGE + 3;
    await sql`
      WITH made AS (
        INSERT INTO treatment_applications (company_id, product_id, application_date, quantity_used, applied_by)
        SELECT ${a.companyId}, ${product.product_id}, DATE '2027-01-01' + (i % 7), 1, ${a.regular.user_id} FROM generate_series(1, ${n}::int) i
        RETURNING application_id
      ), lines AS (
        INSERT INTO treatment_application_products (application_id, line_no, product_id, quantity_used) SELECT application_id, 1, ${product.product_id}, 1 FROM made
      )
      INSERT INTO treatment_application_boxes (application_id, grid_box_id) SELECT application_id, ${west.box(1, 1)} FROM made`.execute(t.app.db);
    const res = await exportOf(a.admin.auth, { company_id: a.companyId, from: '2027-01-01', to: '2027-01-31', format: 'applications_csv' });
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')).slice(1);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r[0])).size).toBe(n);
    const keys = rows.map((r) => `${r[1]} ${r[0]!.padStart(10, '0')}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('refuses bad input naming the field, a Regular user, another company and its room', async () => {
    expect((await exportOf(a.admin.auth, { ...march(), format: 'pdf' })).json()).toMatchObject({ field: 'format' });
    const backwards = await exportOf(a.admin.auth, { company_id: a.companyId, from: '2026-03-31', to: '2026-03-01', format: 'eu_csv' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'to' });
    expect((await exportOf(a.admin.auth, { ...march(), from: '2026-02-30', format: 'eu_csv' })).json()).toMatchObject({ field: 'from' });
    expect((await exportOf(a.admin.auth, { ...march(), format: 'eu_csv', room_id: 2 ** 31 })).json()).toMatchObject({ field: 'room_id' });
    expect((await exportOf(a.regular.auth, { ...march(), format: 'eu_csv' })).statusCode).toBe(403);
    expect((await exportOf(b.admin.auth, { ...march(), format: 'eu_csv' })).statusCode).toBe(403);
    const theirRoom = (await makeFacility(t.app, b.companyId, { nx: 1, ny: 1 })).roomId;
    expect((await exportOf(a.admin.auth, { ...march(), format: 'eu_csv', room_id: theirRoom })).statusCode).toBe(404);
    // Their own export holds none of our applications.
    const theirs = await exportOf(b.admin.auth, { company_id: b.companyId, from: '2026-03-01', to: '2026-03-31', format: 'eu_json' });
    expect(JSON.parse(theirs.body).records).toEqual([]);
  });

  it('lists the applications of a period a page at a time, for any role of the company; another company and its room are refused', async () => {
    const list = (auth: Auth, query: Record<string, string | number>) =>
      t.app.inject({ method: 'GET', url: '/api/register/applications', headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
    const first = await list(a.regular.auth, { ...march(), limit: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ has_more: true, applications: [{ application_id: mixId, date: '2026-03-02', products: 'Vertimec + =cmd|calc', quantities: '0.25 L + 1 L', bbch: 61, rooms: 'East house', boxes_treated: 2 }] });
    const second = await list(a.regular.auth, { ...march(), limit: 1, offset: 1 });
    expect(second.json()).toMatchObject({ has_more: false, applications: [{ date: '2026-03-20', rooms: 'West house' }] });
    expect((await list(a.regular.auth, { ...march(), room_id: west.roomId })).json().applications).toHaveLength(1);
    expect((await list(a.regular.auth, { ...march(), limit: 500 })).json()).toMatchObject({ field: 'limit' });
    expect((await list(b.regular.auth, march())).statusCode).toBe(403);
    const theirRoom = (await makeFacility(t.app, b.companyId, { nx: 1, ny: 1 })).roomId;
    expect((await list(a.regular.auth, { ...march(), room_id: theirRoom })).statusCode).toBe(404);
  });
});
