import { describe, expect, it } from 'vitest';
import { addDays, cropRegistrationMessages as msg, mondayOf, utcDate } from '@verdant/contract';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';

useTwoTenants();

type Auth = Record<string, string>;
const kit = facilityKit(() => t.app);
const get = (auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: '/api/crop_registration/forecast/latest', headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const post = (path: string, auth: Auth, companyId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/crop_registration${path}?company_id=${companyId}`, headers: auth, payload });

const W = mondayOf(utcDate());
const week = (n: number) => addDays(W, 7 * n);

/** A room with a tomato planting started 20 weeks ago. */
async function place(tenant: Tenant, name: string) {
  const crops = await t.app.inject({ method: 'GET', url: `/api/crops?company_id=${tenant.companyId}`, headers: tenant.admin.auth });
  const cropId = (crops.json().crops as Array<{ crop_id: number; eppo_code: string }>).find((c) => c.eppo_code === 'LYPES')!.crop_id;
  const roomId = await kit.room(tenant, name);
  const planting = await post('/plantings/save', tenant.admin.auth, tenant.companyId,
    { room_id: roomId, crop_id: cropId, area_m2: 1000, stems_per_m2: 3, start_week: week(-20), rotation_weeks: 2 });
  expect(planting.statusCode, planting.body).toBe(200);
  return { roomId, plantingId: planting.json().planting.planting_id as number };
}

describe('GET /crop_registration/forecast/latest', () => {
  it('answers 404 with what to do before any run, then the kept run (latest made week, this week first) without making one', async () => {
    const { roomId, plantingId } = await place(a, 'Kept forecast');
    const none = await get(a.regular.auth, { company_id: a.companyId, planting_id: plantingId });
    expect(none.statusCode, none.body).toBe(404);
    expect(none.json().message).toBe(msg.noForecastYet);

    const earlier = await post('/forecast', a.regular.auth, a.companyId, { planting_id: plantingId, made_week: week(-2) });
    expect(earlier.statusCode, earlier.body).toBe(200);
    const read = await get(a.regular.auth, { company_id: a.companyId, planting_id: plantingId });
    expect(read.statusCode, read.body).toBe(200);
    const kept = read.json().forecasts as Array<{ planting_id: number; room_id: number; made_week: string; made_at: string; weeks: Array<{ horizon: number; week: string; kg_per_m2: number }> }>;
    expect(kept).toHaveLength(1);
    const ran = earlier.json().forecasts[0] as { weeks: Array<{ horizon: number; week: string; kg_per_m2: number }> };
    expect(kept[0]).toMatchObject({ planting_id: plantingId, room_id: roomId, made_week: week(-2) });
    expect(kept[0]!.weeks).toEqual(ran.weeks.map((w) => ({ horizon: w.horizon, week: w.week, kg_per_m2: w.kg_per_m2 })));

    // Reading twice makes nothing: the accuracy still holds only the one run.
    expect((await get(a.regular.auth, { company_id: a.companyId, planting_id: plantingId })).statusCode).toBe(200);
    const history = await t.app.inject({ method: 'GET', url: `/api/crop_registration/forecast_accuracy?company_id=${a.companyId}&planting_id=${plantingId}&from=${week(-10)}&to=${week(0)}`, headers: a.regular.auth });
    expect(new Set((history.json().rows as Array<{ made_week: string }>).map((r) => r.made_week))).toEqual(new Set([week(-2)]));

    // This week's run is the one answered once it exists; a run dated later than this week is not.
    expect((await post('/forecast', a.regular.auth, a.companyId, { planting_id: plantingId })).statusCode).toBe(200);
    expect((await post('/forecast', a.regular.auth, a.companyId, { planting_id: plantingId, made_week: week(3) })).statusCode).toBe(200);
    const now = await get(a.regular.auth, { company_id: a.companyId, room_id: roomId });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().forecasts.map((f: { made_week: string }) => f.made_week)).toEqual([W]);
  });

  it("answers 404 for another company's planting or room, and 400 naming the field for bad input", async () => {
    const { roomId, plantingId } = await place(a, 'Kept tenancy');
    expect((await post('/forecast', a.regular.auth, a.companyId, { planting_id: plantingId })).statusCode).toBe(200);
    expect((await get(b.admin.auth, { company_id: b.companyId, planting_id: plantingId })).statusCode).toBe(404);
    expect((await get(b.admin.auth, { company_id: b.companyId, room_id: roomId })).statusCode).toBe(404);
    expect((await get(b.admin.auth, { company_id: a.companyId, planting_id: plantingId })).statusCode).toBe(403);

    const neither = await get(a.regular.auth, { company_id: a.companyId });
    expect(neither.statusCode).toBe(400);
    expect(neither.body).toContain('planting_id');
    for (const [field, value] of [['planting_id', 'abc'], ['planting_id', '9999999999'], ['room_id', '-1']] as const) {
      const bad = await get(a.regular.auth, { company_id: a.companyId, [field]: value });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.body).toContain(field);
    }
  });
});
