import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, formatTrussPosition, fromDayNumber, mondayOf, utcDate } from '@verdant/contract';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';

useTwoTenants();

type Auth = Record<string, string>;
const kit = facilityKit(() => t.app);
const post = (path: string, auth: Auth, companyId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/crop_registration${path}?company_id=${companyId}`, headers: auth, payload });
const get = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api/crop_registration${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

/** A seeded random source (mulberry32) and a normal draw, so the season is the same on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

const SEASON_WEEKS = 40;
const STEMS = 500;
const SAMPLE = 10;
const STEMS_PER_M2 = 3.2;
const AREA = 5000;

/**
 * A tomato season from a growth model that is not the forecast's: each stem sets trusses at a temperature-driven
 * rate of its own; each truss has its own fruit count and needs its own degree-day sum (950 °Cd ± 6 %, where the
 * forecast assumes exactly 950) and is picked 0–2 days after it ripens; fruit weight drifts down over the season
 * and varies per truss. The true harvest is the whole population's; the registrations are 10 sample stems walked
 * each Wednesday.
 */
function season(start: string) {
  const rnd = random(24);
  const days = SEASON_WEEKS * 7 + 80;
  const temp = Array.from({ length: days }, (_, d) => 19.5 + 2.5 * Math.sin((2 * Math.PI * d) / 120) + 1.2 * rnd.normal());
  const harvestKg = new Map<string, number>();
  type Truss = { setDay: number; fruits: number };
  const samples: Array<{ position: number[]; trusses: Truss[]; picked: Map<string, number[]> }> = [];
  for (let s = 0; s < STEMS; s++) {
    const vigour = 1 + 0.08 * rnd.normal();
    let position = 6 + 0.3 * rnd.uniform();
    const positions: number[] = [];
    const trusses: Truss[] = [];
    const picked = new Map<string, number[]>();
    for (let d = 0; d < days; d++) {
      const before = Math.floor(position);
      position += Math.max(0, 0.13 * ((temp[d]! - 8) / 12) * vigour);
      positions.push(position);
      if (Math.floor(position) > before && d < SEASON_WEEKS * 7) {
        const fruits = Math.min(8, Math.max(2, Math.round(5.2 + 0.8 * rnd.normal())));
        trusses.push({ setDay: d, fruits });
        const need = 950 * Math.exp(0.06 * rnd.normal());
        let dd = 0;
        let r = d;
        while (dd < need && r < days - 1) dd += temp[++r]!;
        const pickDay = r + Math.floor(rnd.uniform() * 3);
        const weight = 130 - 0.4 * (pickDay / 7) + 8 * rnd.normal();
        const week = mondayOf(addDays(start, pickDay));
        harvestKg.set(week, (harvestKg.get(week) ?? 0) + (fruits * weight) / 1000);
        if (s < SAMPLE) picked.set(week, [...(picked.get(week) ?? []), weight]);
      }
    }
    if (s < SAMPLE) samples.push({ position: positions, trusses, picked });
  }
  // kg per m²: the population's mean per stem × stems per m²; recorded as kg over the planting's area.
  const kgPerM2 = new Map([...harvestKg].map(([w, kg]) => [w, (kg / STEMS) * STEMS_PER_M2]));
  return { temp, kgPerM2, samples };
}

describe('harvest forecast on a generated season', () => {
  it('forecasts 1 week ahead within 10 % MAPE and 3 weeks within 20 %, from registrations, typed temperatures and harvests', async () => {
    const start = addDays(mondayOf(utcDate()), -7 * (SEASON_WEEKS + 2));
    const truth = season(start);
    const cropId = ((await t.app.inject({ method: 'GET', url: `/api/crops?company_id=${a.companyId}`, headers: a.admin.auth })).json().crops as Array<{ crop_id: number; eppo_code: string }>)
      .find((c) => c.eppo_code === 'LYPES')!.crop_id;
    const roomId = await kit.room(a, 'Forecast greenhouse');
    const gridId = await kit.grid(a, roomId, SAMPLE, 1, 'Row');
    const boxes = (await kit.boxes(gridId)).map((x) => x.grid_box_id);
    const planting = (await post('/plantings/save', a.admin.auth, a.companyId, { room_id: roomId, crop_id: cropId, area_m2: AREA, stems_per_m2: STEMS_PER_M2, start_week: start, rotation_weeks: 52 })).json().planting;
    const types = (await get('/measurement_types', a.regular.auth, { company_id: a.companyId, crop_id: cropId })).json().types as Array<{ type_id: number; measure: string | null }>;
    const type = (m: string) => types.find((x) => x.measure === m)!.type_id;
    const set = (await post('/sample_sets/save', a.admin.auth, a.companyId, { planting_id: planting.planting_id, valid_from: start, plants: boxes.map((id) => ({ grid_box_id: id })) })).json().set;
    const temps = truth.temp.slice(0, SEASON_WEEKS * 7).map((mean_c, d) => ({ day: fromDayNumber(dayNumber(start) + d), mean_c: Math.round(mean_c * 10) / 10 }));
    expect((await post('/temperatures/save', a.regular.auth, a.companyId, { room_id: roomId, days: temps })).statusCode).toBe(200);

    for (let w = 0; w < SEASON_WEEKS; w++) {
      const week = addDays(start, 7 * w);
      const wednesday = 7 * w + 2;
      for (let i = 0; i < SAMPLE; i++) {
        const plant = truth.samples[i]!;
        const lastSet = plant.trusses.filter((x) => x.setDay <= wednesday).at(-1);
        const weights = plant.picked.get(addDays(week, -7));
        const values = [
          { type_id: type('set_truss'), value: formatTrussPosition(Math.floor(plant.position[wednesday]! * 10) / 10) },
          ...(lastSet ? [{ type_id: type('fruits_per_truss'), value: lastSet.fruits }] : []),
          ...(weights ? [{ type_id: type('fruit_weight'), value: Math.round(weights.reduce((x, y) => x + y, 0) / weights.length) }] : []),
        ];
        const res = await post('/registrations', a.regular.auth, a.companyId, { sample_plant_id: set.plants[i].sample_plant_id, week, values });
        expect(res.statusCode, res.body).toBe(200);
      }
      const kg = (truth.kgPerM2.get(week) ?? 0) * AREA;
      expect((await post('/harvests/save', a.regular.auth, a.companyId, { planting_id: planting.planting_id, week, kg: Math.round(kg) })).statusCode).toBe(200);
    }

    const first = 14;
    const last = SEASON_WEEKS - 6;
    for (let w = first; w <= last; w++) {
      const res = await post('/forecast', a.regular.auth, a.companyId, { planting_id: planting.planting_id, made_week: addDays(start, 7 * w) });
      expect(res.statusCode, res.body).toBe(200);
      if (w === first) {
        const f = res.json().forecasts[0];
        expect(f.weeks).toHaveLength(5);
        expect(f.inputs).toMatchObject({ stems_per_m2: STEMS_PER_M2, degree_days_to_ripen: 950 });
        expect(f.inputs.temperature_source).not.toBe('default');
        expect(f.inputs.trusses_set.length).toBeGreaterThan(3);
        expect(f.model).toContain('degree-day');
      }
    }
    const acc = await get('/forecast_accuracy', a.regular.auth, { company_id: a.companyId, planting_id: planting.planting_id, from: addDays(start, 7 * first), to: addDays(start, 7 * last) });
    expect(acc.statusCode, acc.body).toBe(200);
    const horizons = acc.json().horizons as Array<{ horizon: number; weeks: number; mape: number }>;
    console.info(`forecast MAPE on the generated season (${last - first + 1} made weeks): ${horizons.map((h) => `${h.horizon} wk ${h.mape} %`).join(', ')}`);
    expect(horizons[0]!.weeks).toBe(last - first + 1);
    expect(horizons[0]!.mape).toBeLessThanOrEqual(10);
    expect(horizons[2]!.mape).toBeLessThanOrEqual(20);

    // Another company sees neither the forecast nor its accuracy.
    expect((await post('/forecast', b.regular.auth, b.companyId, { planting_id: planting.planting_id })).statusCode).toBe(404);
    expect((await get('/forecast_accuracy', b.regular.auth, { company_id: b.companyId, planting_id: planting.planting_id, from: start, to: start })).statusCode).toBe(404);
    const neither = await post('/forecast', a.regular.auth, a.companyId, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toContain('planting_id');
  }, 120_000);
});
