import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, mondayOf, utcDate, WEATHER_FORECAST_DAYS, WEATHER_PAST_DAYS } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { startOpenMeteoStub, stubDay, stubMean, type OpenMeteoStub } from '../../test/fixtures/open-meteo-stub.js';
import { dailyMeanTemperatures } from '../weather/index.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
type Auth = Record<string, string>;
let stub: OpenMeteoStub;
let t: TestApp;
let a: Tenant;
let b: Tenant;
const kit = facilityKit(() => t.app);

beforeAll(async () => {
  stub = await startOpenMeteoStub();
  t = await buildTestApp({ weatherApiUrl: stub.url, weatherTimeoutMs: 300 });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(async () => {
  await t.close();
  await stub.close();
});
beforeEach(async () => {
  stub.mode = 'normal';
  stub.calls.length = 0;
  await sql`DELETE FROM weather_days`.execute(t.app.db);
  await sql`DELETE FROM weather_places`.execute(t.app.db);
});

const get = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api/crop_registration${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const post = (path: string, auth: Auth, companyId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/crop_registration${path}?company_id=${companyId}`, headers: auth, payload });

const today = utcDate();
const W = mondayOf(today);
const week = (n: number) => addDays(W, 7 * n);
/** What the weather service's day means (its mean, else the mean of max and min), as kept. */
const serviceMean = (day: string) => Math.round((stubMean(day) ?? (stubDay(day).temperature_max + stubDay(day).temperature_min) / 2) * 100) / 100;
const weekMean = (w: string) => Math.round((Array.from({ length: 7 }, (_, i) => serviceMean(addDays(w, i))).reduce((x, y) => x + y, 0) / 7) * 10) / 10;

async function setLocation(tenant: Tenant, location: string | null) {
  await t.app.db.updateTable('users').set({ location }).where('company_id', '=', tenant.companyId).execute();
}

/** A tomato planting whose one sample plant set trusses in the last four weeks (so they still ripen). */
async function planting(tenant: Tenant, name: string) {
  const crops = (await t.app.inject({ method: 'GET', url: `/api/crops?company_id=${tenant.companyId}`, headers: tenant.admin.auth })).json().crops as Array<{ crop_id: number; eppo_code: string }>;
  const cropId = crops.find((c) => c.eppo_code === 'LYPES')!.crop_id;
  const roomId = await kit.room(tenant, name);
  const gridId = await kit.grid(tenant, roomId, 2, 2, 'Path');
  const boxes = (await kit.boxes(gridId)).map((x) => x.grid_box_id);
  const made = await post('/plantings/save', tenant.admin.auth, tenant.companyId, { room_id: roomId, crop_id: cropId, area_m2: 1000, stems_per_m2: 3, start_week: week(-20), rotation_weeks: 6 });
  const plantingId = made.json().planting.planting_id as number;
  const types = (await get('/measurement_types', tenant.regular.auth, { company_id: tenant.companyId, crop_id: cropId })).json().types as Array<{ type_id: number; measure: string | null }>;
  const type = (m: string) => types.find((x) => x.measure === m)!.type_id;
  const set = await post('/sample_sets/save', tenant.admin.auth, tenant.companyId, { planting_id: plantingId, valid_from: week(-4), plants: [{ grid_box_id: boxes[0] }] });
  const sp = set.json().set.plants[0].sample_plant_id as number;
  for (let n = -4; n <= 0; n++) {
    const saved = await post('/registrations', tenant.regular.auth, tenant.companyId, {
      sample_plant_id: sp, week: week(n), values: [{ type_id: type('set_truss'), value: String(10 + (n + 4)) }, { type_id: type('fruits_per_truss'), value: 5 }, { type_id: type('fruit_weight'), value: 110 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { roomId, plantingId };
}

type Inputs = { temperature_source: string; temperature_weeks: Array<{ week: string; mean_c: number; degree_days: number; source: string }> };
const run = async (tenant: Tenant, plantingId: number) => {
  const res = await post('/forecast', tenant.regular.auth, tenant.companyId, { planting_id: plantingId, made_week: W });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().forecasts[0].inputs as Inputs;
};

describe('temperature sum since setting from the weather service', () => {
  it('uses the daily means of the company\'s location where none were typed, keeps them, and says each week\'s source', async () => {
    await setLocation(a, 'Westland');
    const p = await planting(a, 'Weather house');
    // This week's days typed from the climate computer; the weeks before come from the weather service.
    const typed = Array.from({ length: 7 }, (_, i) => ({ day: addDays(W, i), mean_c: 21 }));
    expect((await post('/temperatures/save', a.regular.auth, a.companyId, { room_id: p.roomId, days: typed })).statusCode).toBe(200);

    const inputs = await run(a, p.plantingId);
    const byWeek = new Map(inputs.temperature_weeks.map((w) => [w.week, w]));
    expect(byWeek.get(week(-1))).toEqual({ week: week(-1), mean_c: weekMean(week(-1)), degree_days: expect.any(Number), source: 'weather' });
    expect(byWeek.get(week(-3))!.source).toBe('weather');
    expect(byWeek.get(W)).toMatchObject({ mean_c: 21, degree_days: 147, source: 'typed' });
    // The coming week from the service's forecast.
    expect(byWeek.get(week(1))).toMatchObject({ mean_c: weekMean(week(1)), source: 'weather' });
    // Days older than the service keeps (92 days) had neither: the past is a mix of typed, weather and default days.
    expect(inputs.temperature_source).toBe('mixed');

    // One call for the part of the range the service holds, and the days kept with their mean.
    const calls = stub.calls.filter((u) => u.pathname === '/v1/forecast');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.searchParams.get('daily')).toContain('temperature_2m_mean');
    expect(calls[0]!.searchParams.get('start_date')).toBe(addDays(today, -WEATHER_PAST_DAYS));
    expect(calls[0]!.searchParams.get('end_date')).toBe([addDays(today, WEATHER_FORECAST_DAYS - 1), addDays(W, 7 * 6)].sort()[0]);
    const kept = await t.app.db.selectFrom('weather_days').select(['day', 'temperature_mean']).where('day', 'in', [addDays(W, -2), addDays(W, -1)]).orderBy('day').execute();
    expect(kept.map((r) => r.temperature_mean)).toEqual([stubMean(addDays(W, -2)), stubMean(addDays(W, -1))]);

    // The service down: the kept days still answer.
    stub.mode = 'down';
    const again = await run(a, p.plantingId);
    expect(new Map(again.temperature_weeks.map((w) => [w.week, w])).get(week(-1))).toMatchObject({ mean_c: weekMean(week(-1)), source: 'weather' });
  });

  it('without a location (or one the service does not know) the untyped days keep the default', async () => {
    await setLocation(b, null);
    const p = await planting(b, 'No place');
    const inputs = await run(b, p.plantingId);
    expect(inputs.temperature_source).toBe('default');
    expect(inputs.temperature_weeks.every((w) => w.source === 'default')).toBe(true);
    expect(stub.calls).toHaveLength(0);

    await setLocation(b, 'Nowhere at all');
    const unknown = await run(b, p.plantingId);
    expect(unknown.temperature_source).toBe('default');
    expect(stub.calls.map((u) => u.pathname)).toEqual(['/v1/search']);
  });

  it('dailyMeanTemperatures: the service\'s mean, else the mean of max and min; past days fetched after they ended are not asked again', async () => {
    const deps = { db: t.app.db, config: t.app.config, log: t.app.log };
    const start = addDays(today, -10);
    const end = addDays(today, -4);
    const first = await dailyMeanTemperatures(deps, 'Westland', start, end, today);
    expect(first.gap).toBeNull();
    for (let d = start; d <= end; d = addDays(d, 1)) expect(first.means.get(d)).toBe(serviceMean(d));
    const calls = stub.calls.length;
    // Fetched long after those days ended: kept, no second call.
    const second = await dailyMeanTemperatures(deps, 'westland', start, end, today);
    expect(second.means).toEqual(first.means);
    expect(stub.calls.length).toBe(calls);
    // Days before the service's window are neither asked nor known.
    const old = await dailyMeanTemperatures(deps, 'Westland', addDays(today, -200), addDays(today, -190), today);
    expect(old).toEqual({ means: new Map(), gap: null });
    expect(stub.calls.length).toBe(calls);
    // Not set up: what was kept, and why nothing more.
    const bare = await buildTestApp({});
    try {
      const none = await dailyMeanTemperatures({ db: bare.app.db, config: bare.app.config, log: bare.app.log }, 'Westland', start, end, today);
      expect(none).toEqual({ means: new Map(), gap: 'not_configured' });
    } finally {
      await bare.close();
    }
  });
});

describe('each kept forecast keeps its inputs and model', () => {
  it('answers the inputs and model of the latest kept forecast and of any past one (made_week), replaced by a rerun of that week', async () => {
    await setLocation(a, null);
    const p = await planting(a, 'Kept inputs');
    const past = await post('/forecast', a.regular.auth, a.companyId, { planting_id: p.plantingId, made_week: week(-1) });
    expect(past.statusCode, past.body).toBe(200);
    const now = await post('/forecast', a.regular.auth, a.companyId, { planting_id: p.plantingId, made_week: W });
    const made = now.json().forecasts[0];

    const latest = await get('/forecast/latest', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId });
    expect(latest.statusCode, latest.body).toBe(200);
    const kept = latest.json().forecasts[0];
    expect(kept.made_week).toBe(W);
    expect(kept.inputs).toEqual(made.inputs);
    expect(kept.model).toBe(made.model);
    expect(kept.inputs.trusses_set.length).toBeGreaterThan(0);
    expect(kept.inputs).toMatchObject({ fruits_per_truss: 5, fruit_weight_g: 110, stems_per_m2: 3 });

    const before = await get('/forecast/latest', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId, made_week: week(-1) });
    expect(before.json().forecasts[0]).toMatchObject({ made_week: week(-1), inputs: past.json().forecasts[0].inputs });
    // Last week's forecast saw one week fewer of set trusses than this week's.
    expect(before.json().forecasts[0].inputs.trusses_set.length).toBeLessThan(kept.inputs.trusses_set.length);
    // No forecast was made in week -2: 404, not the one before.
    expect((await get('/forecast/latest', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId, made_week: week(-2) })).statusCode).toBe(404);

    // A rerun of the week replaces its inputs (one row per planting and made week).
    const typed = Array.from({ length: 7 }, (_, i) => ({ day: addDays(W, i), mean_c: 25 }));
    await post('/temperatures/save', a.regular.auth, a.companyId, { room_id: p.roomId, days: typed });
    await post('/forecast', a.regular.auth, a.companyId, { planting_id: p.plantingId, made_week: W });
    const rerun = (await get('/forecast/latest', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId })).json().forecasts[0];
    expect(rerun.inputs.mean_temperature_c).toBe(25);
    const rows = await t.app.db.selectFrom('harvest_forecast_runs').select('made_week').where('planting_id', '=', p.plantingId).orderBy('made_week').execute();
    expect(rows.map((r) => r.made_week)).toEqual([week(-1), W]);
  });

  it('a forecast kept before its inputs were answers null inputs; bad made_week, another company\'s planting and company are refused', async () => {
    await setLocation(a, null);
    const p = await planting(a, 'Old kept');
    await post('/forecast', a.regular.auth, a.companyId, { planting_id: p.plantingId, made_week: W });
    await t.app.db.deleteFrom('harvest_forecast_runs').where('planting_id', '=', p.plantingId).execute();
    const old = await get('/forecast/latest', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId });
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json().forecasts[0]).toMatchObject({ made_week: W, inputs: null, model: null });

    for (const bad of [addDays(W, 3), '2026-13-01', 'last week']) {
      const res = await get('/forecast/latest', a.regular.auth, { company_id: a.companyId, planting_id: p.plantingId, made_week: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('made_week');
    }
    const theirs = await planting(b, 'Their kept');
    await post('/forecast', b.regular.auth, b.companyId, { planting_id: theirs.plantingId, made_week: W });
    expect((await get('/forecast/latest', a.regular.auth, { company_id: a.companyId, planting_id: theirs.plantingId, made_week: W })).statusCode).toBe(404);
    expect((await get('/forecast/latest', a.regular.auth, { company_id: b.companyId, planting_id: theirs.plantingId, made_week: W })).statusCode).toBe(403);
  });
});
