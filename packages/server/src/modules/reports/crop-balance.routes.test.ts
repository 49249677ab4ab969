import { describe, expect, it } from 'vitest';
import { addDays, MAX_CROP_BALANCE_WEEKS, mondayOf, reportsMessages as msg, utcDate } from '@verdant/contract';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';

useTwoTenants();

type Auth = Record<string, string>;
const kit = facilityKit(() => t.app);
const query = (q: Record<string, string | number>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
const report = (auth: Auth, q: Record<string, string | number>) => t.app.inject({ method: 'GET', url: '/api/get_crop_balance_report', headers: auth, query: query(q) });
const post = (path: string, auth: Auth, payload: object, q: Record<string, string | number> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers: auth, payload, query: query(q) });

const W = mondayOf(utcDate());
const week = (n: number) => addDays(W, 7 * n);

async function tomato(tenant: Tenant): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/crops?company_id=${tenant.companyId}`, headers: tenant.admin.auth });
  return (res.json().crops as Array<{ crop_id: number; eppo_code: string }>).find((c) => c.eppo_code === 'LYPES')!.crop_id;
}

/**
 * A room growing tomato with `plants` sample plants, the set running from 53 weeks ago (so last year's week can be
 * registered) to 4 weeks ahead. Registers through crop registration's own calls.
 */
async function tomatoRoom(tenant: Tenant, name: string, plants: number) {
  const cropId = await tomato(tenant);
  const roomId = await kit.room(tenant, name);
  const gridId = await kit.grid(tenant, roomId, 2, 2, 'Path');
  const boxes = (await kit.boxes(gridId)).map((x) => x.grid_box_id);
  const cr = (path: string, payload: object, auth = tenant.admin.auth) => post(`/crop_registration${path}`, auth, payload, { company_id: tenant.companyId });
  const planting = await cr('/plantings/save', { room_id: roomId, crop_id: cropId, area_m2: 1000, stems_per_m2: 3, start_week: week(-60), rotation_weeks: 2 });
  expect(planting.statusCode, planting.body).toBe(200);
  const set = await cr('/sample_sets/save', { planting_id: planting.json().planting.planting_id, valid_from: week(-53), plants: boxes.slice(0, plants).map((id) => ({ grid_box_id: id })) });
  expect(set.statusCode, set.body).toBe(200);
  await t.app.db.updateTable('sample_sets').set({ valid_to: week(4) }).where('set_id', '=', set.json().set.set_id).execute();
  const types = (await t.app.inject({ method: 'GET', url: `/api/crop_registration/measurement_types?company_id=${tenant.companyId}&crop_id=${cropId}`, headers: tenant.regular.auth })).json().types as Array<{ type_id: number; measure: string | null }>;
  const samples = (set.json().set.plants as Array<{ sample_plant_id: number }>).map((p) => p.sample_plant_id);
  const register = async (plant: number, w: string, values: Record<string, number | string>) => {
    const res = await cr('/registrations', {
      sample_plant_id: samples[plant], week: w, values: Object.entries(values).map(([m, value]) => ({ type_id: types.find((x) => x.measure === m)!.type_id, value })),
    }, tenant.regular.auth);
    expect(res.statusCode, res.body).toBe(200);
  };
  return { cropId, roomId, register };
}

type Answer = {
  range: { granularity: string; buckets: string[]; start_date: string; end_date: string };
  crop: { crop_id: number; name: string };
  indicator: string;
  unit: string;
  formula: string;
  target: { indicator: string; value: number } | null;
  series: Array<{ key: string; label: string; room_id: number; average: number | null; points: Array<{ bucket: string; value: number | null; last_year: number | null; plants_measured: number }> }>;
};

describe('get_crop_balance_report', () => {
  let roomA: Awaited<ReturnType<typeof tomatoRoom>>;
  let roomB: Awaited<ReturnType<typeof tomatoRoom>>;

  it('draws one indicator per room and Monday week from the kept week sums, against hand-computed weeks', async () => {
    roomA = await tomatoRoom(a, 'Balance A', 2);
    roomB = await tomatoRoom(a, 'Balance B', 1);
    await roomA.register(0, week(-1), { weekly_growth: 20, set_truss: '10.2' });
    await roomA.register(1, week(-1), { weekly_growth: 22, set_truss: '11.0' });
    await roomA.register(0, week(0), { weekly_growth: 24, set_truss: '11.2' });
    await roomA.register(1, week(0), { weekly_growth: 20, set_truss: '11.8' });
    await roomA.register(0, addDays(week(0), -364), { weekly_growth: 26 });
    await roomB.register(0, week(0), { weekly_growth: 30, set_truss: '8.0' });
    const target = await post('/crop_registration/targets/save', a.admin.auth, { crop_id: roomA.cropId, indicator: 'growth', value: 25 }, { company_id: a.companyId });
    expect(target.statusCode, target.body).toBe(200);

    // A Wednesday to a Tuesday: the days are read as their Monday weeks.
    const res = await report(a.regular.auth, {
      company_id: a.companyId, crop_id: roomA.cropId, date_option: 'date_range', start_date: addDays(week(-2), 2), end_date: addDays(week(0), 1),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    expect(answer.range).toMatchObject({ granularity: 'week', buckets: [week(-2), week(-1), week(0)] });
    expect(answer).toMatchObject({ crop: { crop_id: roomA.cropId, name: 'Tomato' }, indicator: 'growth', unit: 'cm/week', target: { indicator: 'growth', value: 25 } });
    expect(answer.formula).toContain('Mean weekly growth');
    const a1 = answer.series.find((s) => s.label === 'Balance A')!;
    const b1 = answer.series.find((s) => s.label === 'Balance B')!;
    // Growth: mean(20, 22) = 21, then mean(24, 20) = 22; nothing in week −2 (null, not 0); last year plant 1's 26.
    expect(a1).toEqual({
      key: String(roomA.roomId), label: 'Balance A', room_id: roomA.roomId, average: 21.5,
      points: [
        { bucket: week(-2), value: null, last_year: null, plants_measured: 0 },
        { bucket: week(-1), value: 21, last_year: null, plants_measured: 2 },
        { bucket: week(0), value: 22, last_year: 26, plants_measured: 2 },
      ],
    });
    expect(b1.points.map((p) => p.value)).toEqual([null, null, 30]);

    // Setting speed: mean per plant of set truss this week − last week: (11.2 − 10.2, 11.8 − 11.0) → 0.9; room B has
    // no week before its first, so none.
    const speed = (await report(a.regular.auth, { company_id: a.companyId, crop_id: roomA.cropId, indicator: 'setting_speed', date_option: 'weeks_ago', weeks_ago: 1 })).json() as Answer;
    expect(speed.range.buckets).toEqual([week(-1), week(0)]);
    expect(speed.unit).toBe('trusses/week');
    expect(speed.target).toBeNull();
    expect(speed.series.find((s) => s.room_id === roomA.roomId)!.points.map((p) => p.value)).toEqual([null, 0.9]);
    expect(speed.series.find((s) => s.room_id === roomB.roomId)!.points.map((p) => p.value)).toEqual([null, null]);
  });

  it('keeps to the rooms asked, and without a date option covers this week and the 3 before it', async () => {
    const res = await report(a.regular.auth, { company_id: a.companyId, crop_id: roomA.cropId, room_ids: String(roomB.roomId) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    expect(answer.range.buckets).toEqual([week(-3), week(-2), week(-1), week(0)]);
    expect(answer.series.map((s) => s.label)).toEqual(['Balance B']);
    // A room of the company that never grew the crop has no line.
    const empty = await kit.room(a, 'No tomato here');
    const none = await report(a.regular.auth, { company_id: a.companyId, crop_id: roomA.cropId, room_ids: String(empty) });
    expect(none.statusCode, none.body).toBe(200);
    expect((none.json() as Answer).series).toEqual([]);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const base = { company_id: a.companyId, crop_id: roomA.cropId };
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ company_id: a.companyId }, 'crop_id'],
      [{ ...base, crop_id: 2 ** 31 }, 'crop_id'],
      [{ ...base, crop_id: 'abc' }, 'crop_id'],
      [{ ...base, indicator: 'colour' }, 'indicator'],
      [{ ...base, date_option: 'batch_related_date', start_date: week(-1), end_date: week(0) }, msg.invalidDateOption],
      [{ ...base, date_option: 'date_range', start_date: '2026-02-31', end_date: week(0) }, 'start_date'],
      [{ ...base, date_option: 'date_range', start_date: week(0), end_date: week(-1) }, msg.dateOrder],
      [{ ...base, date_option: 'date_range', start_date: 'x\u0000y', end_date: week(0) }, 'start_date'],
      [{ ...base, date_option: 'weeks_ago' }, msg.weeksAgoRequired],
      [{ ...base, room_ids: '1,x' }, 'room_ids'],
      [{ ...base, room_ids: String(2 ** 31) }, 'room_ids'],
    ];
    for (const [q, field] of cases) {
      const res = await report(a.regular.auth, q);
      expect(res.statusCode, `${JSON.stringify(q)}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const long = await report(a.regular.auth, { ...base, date_option: 'weeks_ago', weeks_ago: MAX_CROP_BALANCE_WEEKS });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: msg.cropBalanceTooLong, field: 'weeks_ago' });
    const longRange = await report(a.regular.auth, { ...base, date_option: 'date_range', start_date: week(-MAX_CROP_BALANCE_WEEKS), end_date: week(0) });
    expect(longRange.json()).toMatchObject({ message: msg.cropBalanceTooLong, field: 'start_date' });
    const justFits = await report(a.regular.auth, { ...base, date_option: 'weeks_ago', weeks_ago: MAX_CROP_BALANCE_WEEKS - 1 });
    expect(justFits.statusCode, justFits.body).toBe(200);
    expect((justFits.json() as Answer).range.buckets).toHaveLength(MAX_CROP_BALANCE_WEEKS);
  });

  it("refuses another company's crop and rooms (404) and company (403)", async () => {
    const own = await tomato(b);
    expect((await report(b.regular.auth, { company_id: b.companyId, crop_id: roomA.cropId })).statusCode).toBe(404);
    expect((await report(b.regular.auth, { company_id: b.companyId, crop_id: own, room_ids: String(roomA.roomId) })).statusCode).toBe(404);
    const mixed = await report(b.regular.auth, { company_id: b.companyId, crop_id: own, room_ids: `${roomA.roomId}` });
    expect(mixed.body).not.toContain('Balance A');
    // B's own rooms with one of A's among them: still refused, nothing of A's drawn.
    const bRoom = await kit.room(b, 'B tomato');
    const among = await report(b.regular.auth, { company_id: b.companyId, crop_id: own, room_ids: `${bRoom},${roomA.roomId}` });
    expect(among.statusCode).toBe(404);
    expect((await report(b.regular.auth, { company_id: a.companyId, crop_id: roomA.cropId })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/get_crop_balance_report?company_id=${a.companyId}&crop_id=${roomA.cropId}` })).statusCode).toBe(401);
  });
});

describe('crop_balance as a saved report', () => {
  const filters = () => ({ crop_id: 0, indicator: 'growth', date_option: 'date_range', start_date: week(-2), end_date: week(0) });

  it('is offered by the builder with its parameters, saved with its crop and indicator, and pinned', async () => {
    const info = await t.app.inject({ method: 'GET', url: `/api/get_report_info?company_id=${a.companyId}`, headers: a.regular.auth });
    const kind = (info.json().report_types as Array<{ report_type: string; path: string; date_options: string[]; parameters: Array<{ name: string; required: boolean }> }>)
      .find((k) => k.report_type === 'crop_balance')!;
    expect(kind).toMatchObject({ path: '/get_crop_balance_report', date_options: ['weeks_ago', 'date_range'] });
    expect(kind.parameters).toEqual(expect.arrayContaining([{ name: 'crop_id', required: true }, { name: 'room_ids', required: false }, { name: 'indicator', required: false }]));

    const cropId = await tomato(a);
    const body = {
      company_id: a.companyId, room_ids: [], report_name: 'Growth per room', chart_type: 'LineChart', report_type: 'crop_balance',
      report_data: [{ x: week(-1), 'Balance A': 21, 'Balance B': null }, { x: week(0), 'Balance A': 22, 'Balance B': 30, '~target': 25 }],
      filters: { ...filters(), crop_id: cropId },
    };
    const saved = await post('/save_report', a.regular.auth, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().report).toMatchObject({ report_type: 'crop_balance', filters: { crop_id: cropId, indicator: 'growth' } });
    const reportId = saved.json().report.report_id as number;

    // Only an Admin pins; the overview then holds it with its figures.
    expect((await post('/set_dashboard_reports', a.regular.auth, { company_id: a.companyId, report_id1: reportId })).statusCode).toBe(403);
    const pinned = await post('/set_dashboard_reports', a.admin.auth, { company_id: a.companyId, report_id1: reportId });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const dashboard = await t.app.inject({ method: 'GET', url: `/api/get_dashboard_reports?company_id=${a.companyId}`, headers: a.regular.auth });
    expect(dashboard.json().reports).toEqual([expect.objectContaining({ slot: 1, report_id: reportId, report_type: 'crop_balance', report_data: body.report_data })]);
  });

  it("refuses a saved crop balance naming another company's crop, or an unknown indicator", async () => {
    const foreign = await tomato(a);
    const body = (f: Record<string, unknown>) => ({
      company_id: b.companyId, room_ids: [], report_name: `Balance ${Math.random()}`, chart_type: 'LineChart', report_type: 'crop_balance',
      report_data: [{ x: week(0), Room: 1 }], filters: f,
    });
    const other = await post('/save_report', b.regular.auth, body({ ...filters(), crop_id: foreign }));
    expect(other.statusCode).toBe(404);
    const badIndicator = await post('/save_report', b.regular.auth, body({ ...filters(), crop_id: await tomato(b), indicator: 'colour' }));
    expect(badIndicator.statusCode).toBe(400);
    expect(badIndicator.json().message).toContain('indicator');
  });
});
