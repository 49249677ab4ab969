import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { treatmentsMessages as msg } from '@verdant/contract';
import { makeFacility } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = { authorization: string };
type Fields = Record<string, unknown>;

const link = (auth: Auth, fields: Fields) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v));
  return t.app.inject({ method: 'POST', url: '/api/link_treatment_products_gridboxes', headers: auth, payload: form });
};

/** A product with register columns set directly: the product API is tested in modules/spray_products. */
async function product(companyId: number, name: string, cols: Record<string, unknown> = {}) {
  const row = await t.app.db
    .insertInto('spray_products')
    .values({
      company_id: companyId, name, details: null, reentry_interval_hours: (cols.reentry as number) ?? null, preharvest_interval_days: (cols.phi as number) ?? null,
      created_by: null, created_at: new Date(), updated_at: new Date(), max_dose: (cols.max_dose as number) ?? null, max_dose_basis: (cols.basis as string) ?? null,
      max_applications_per_cycle: (cols.max_apps as number) ?? null, authorised_crops: JSON.stringify(cols.crops ?? []), unit: (cols.unit as string) ?? 'L',
    })
    .returning('product_id')
    .executeTakeFirstOrThrow();
  return row.product_id;
}

describe('register fields of an application', () => {
  let boxes: number[];
  let bare: number[];
  let theirProblemObservation: number;
  let ourObservation: number;
  beforeAll(async () => {
    const place = await makeFacility(t.app, a.companyId, { roomName: 'Register room', nx: 4, ny: 1 });
    boxes = [place.box(1, 1), place.box(2, 1), place.box(3, 1), place.box(4, 1)];
    await t.app.db.updateTable('grids').set({ cell_area_m2: 12.5 }).where('grid_id', '=', place.gridId).execute();
    const other = await makeFacility(t.app, a.companyId, { roomName: 'No size room', nx: 2, ny: 1 });
    bare = [other.box(1, 1), other.box(2, 1)];
    await product(a.companyId, 'Vertimec', { reentry: 12, phi: 3 });
    await product(a.companyId, 'Teppeki', { reentry: 24, phi: 1, unit: 'kg' });
    await product(b.companyId, 'Theirs');
    await t.app.db.updateTable('users').set({ spray_licence_number: 'NL-SPUIT-123' }).where('user_id', '=', a.regular.user_id).execute();
    const problem = await t.app.db.selectFrom('plant_problems').select('problem_id').where('slug', '=', 'two-spotted-spider-mite').executeTakeFirstOrThrow();
    const insertObs = (companyId: number) =>
      sql<{ observation_id: number }>`INSERT INTO problem_observations (company_id, problem, problem_id, source, observed_at)
        VALUES (${companyId}, 'Two-spotted spider mite', ${problem.problem_id}, 'form', now()) RETURNING observation_id`.execute(t.app.db);
    ourObservation = (await insertObs(a.companyId)).rows[0]!.observation_id;
    theirProblemObservation = (await insertObs(b.companyId)).rows[0]!.observation_id;
  });

  it('records a tank mix with times, operator licence, crop, BBCH, area from the cell size, water, weather, releases and targets', async () => {
    const res = await link(a.regular.auth, {
      ApplicationDate: '2026-05-01T08:00:00Z', StartTime: '2026-05-01T08:00:00Z', EndTime: '2026-05-01T09:30:00Z',
      ProductName: 'Vertimec', QuantityUsed: 0.5, QuantityUnit: 'L', Dose: 0.5, DoseUnit: 'L/1000L',
      TankMix: [{ ProductName: 'teppeki', QuantityUsed: 0.2, QuantityUnit: 'kg', Dose: 0.16, DoseUnit: 'kg/ha' }],
      Grid_boxIDs: boxes.slice(0, 2), Equipment: 'Knapsack sprayer 2', CropEppo: 'lypes', CropName: 'Tomato', BBCH: 65, WaterVolumeL: 1000,
      Weather: { temperature_c: 21, humidity_pct: 70, wind_speed_ms: 0 }, Releases: [{ Species: 'Phytoseiulus persimilis', QuantityPerM2: 5, Method: 'loose' }],
      ObservationIDs: [ourObservation], Notes: 'Hot spot by the door',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { application, register } = res.json();
    // Re-entry counts from the end of spraying, with the longest interval of the mix (Teppeki, 24 h).
    expect(application).toMatchObject({ ProductName: 'Vertimec', reentry_until: '2026-05-02T09:30:00.000Z', preharvest_until: '2026-05-04' });
    expect(register).toMatchObject({
      started_at: '2026-05-01T08:00:00.000Z', ended_at: '2026-05-01T09:30:00.000Z', operator_licence: 'NL-SPUIT-123', equipment: 'Knapsack sprayer 2',
      crop_eppo: 'LYPES', crop_name: 'Tomato', bbch: 65, area_m2: 25, area_source: 'grid', water_volume_l: 1000,
      weather: { temperature_c: 21, humidity_pct: 70, wind_speed_ms: 0, source: 'typed' }, notes: 'Hot spot by the door',
      releases: [{ species: 'Phytoseiulus persimilis', quantity_per_m2: 5, method: 'loose' }], observation_ids: [ourObservation],
    });
    expect(register.products.map((p: { product_name: string; dose: number; dose_unit: string }) => [p.product_name, p.dose, p.dose_unit])).toEqual([
      ['Vertimec', 0.5, 'L/1000L'], ['Teppeki', 0.16, 'kg/ha'],
    ]);
    expect(register.target_problem_ids).toHaveLength(1);
  });

  it('keeps the spec call working: no register fields, area null where no grid has a cell size, a typed area otherwise', async () => {
    const plain = await link(a.regular.auth, { ApplicationDate: '2026-05-02', ProductName: 'Vertimec', QuantityUsed: 1, Grid_boxIDs: JSON.stringify(bare) });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().register).toMatchObject({ area_m2: null, area_source: null, products: [{ product_name: 'Vertimec', quantity_used: 1, quantity_unit: null }] });
    const typed = await link(a.regular.auth, { ApplicationDate: '2026-05-02', ProductName: 'Vertimec', QuantityUsed: 1, Grid_boxIDs: JSON.stringify(bare), AreaM2: 40 });
    expect(typed.json().register).toMatchObject({ area_m2: 40, area_source: 'typed' });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const good = { ApplicationDate: '2026-05-03', ProductName: 'Vertimec', QuantityUsed: 1, Grid_boxIDs: JSON.stringify(boxes) };
    const cases: [Fields, string][] = [
      [{ QuantityUsed: -1 }, 'QuantityUsed'],
      [{ TankMix: [{ ProductName: 'Teppeki', QuantityUsed: -0.2 }] }, 'TankMix.0.QuantityUsed'],
      [{ QuantityUnit: 'gallons' }, 'QuantityUnit'],
      [{ TankMix: [{ ProductName: 'Teppeki', QuantityUsed: 1, DoseUnit: 'pints/acre' }] }, 'TankMix.0.DoseUnit'],
      [{ StartTime: '2026-05-03T10:00:00Z', EndTime: '2026-05-03T09:00:00Z' }, 'EndTime'],
      [{ BBCH: 120 }, 'BBCH'],
      [{ BBCH: -1 }, 'BBCH'],
      [{ CropEppo: 'tomato!' }, 'CropEppo'],
      [{ Dose: 2 }, 'DoseUnit'],
      [{ AreaM2: 0 }, 'AreaM2'],
      [{ Releases: [{ Species: 'Orius', QuantityPerM2: 1, Method: 'catapult' }] }, 'Releases.0.Method'],
      [{ Weather: { humidity_pct: 140 } }, 'Weather.humidity_pct'],
      [{ StartTime: '2026-02-30T10:00:00Z' }, 'StartTime'],
      [{ Equipment: 'bad\u0000name' }, 'Equipment'],
      [{ TargetProblemIDs: [2 ** 31] }, 'TargetProblemIDs.0'],
    ];
    for (const [change, field] of cases) {
      const res = await link(a.regular.auth, { ...good, ...change });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().field, JSON.stringify(change)).toBe(field);
    }
    const end = await link(a.regular.auth, { ...good, StartTime: '2026-05-03T10:00:00Z', EndTime: '2026-05-03T09:00:00Z' });
    expect(end.json().message).toContain(msg.endBeforeStart);
  });

  it("refuses another company's product in the mix and another company's observation (404 naming the field); nothing recorded", async () => {
    const count = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM treatment_applications WHERE company_id = ${a.companyId}`.execute(t.app.db)).rows[0]!.n);
    const before = await count();
    const good = { ApplicationDate: '2026-05-03', ProductName: 'Vertimec', QuantityUsed: 1, Grid_boxIDs: JSON.stringify(boxes) };
    const mix = await link(a.regular.auth, { ...good, TankMix: [{ ProductName: 'Theirs', QuantityUsed: 1 }] });
    expect(mix.statusCode).toBe(404);
    expect(mix.json()).toMatchObject({ field: 'TankMix.0.ProductName', message: msg.unknownMixProduct('Theirs') });
    const obs = await link(a.regular.auth, { ...good, ObservationIDs: [theirProblemObservation] });
    expect(obs.statusCode).toBe(404);
    expect(obs.json()).toMatchObject({ field: 'ObservationIDs', message: msg.foreignObservations });
    expect(await count()).toBe(before);
  });
});

describe('label rules on an application', () => {
  let boxes: number[];
  beforeAll(async () => {
    const place = await makeFacility(t.app, a.companyId, { roomName: 'Rules room', nx: 2, ny: 1 });
    boxes = [place.box(1, 1), place.box(2, 1)];
    await t.app.db.updateTable('grids').set({ cell_area_m2: 5000 }).where('grid_id', '=', place.gridId).execute();
    await product(a.companyId, 'Capped', { max_dose: 1, basis: 'per_ha', crops: [{ eppo_code: 'LYPES', bbch_min: 10, bbch_max: 69 }], max_apps: 2 });
    const batch = await sql<{ batch_id: number }>`INSERT INTO batches (company_id, batch_number, start_date) VALUES (${a.companyId}, 'T-24', '2026-04-01') RETURNING batch_id`.execute(t.app.db);
    for (const box of boxes) {
      await sql`INSERT INTO gridbox_batches (company_id, grid_box_id, batch_id, linked_at) VALUES (${a.companyId}, ${box}, ${batch.rows[0]!.batch_id}, now())`.execute(t.app.db);
    }
  });
  const base = () => ({ ApplicationDate: '2026-05-10', ProductName: 'Capped', QuantityUsed: 0.5, Grid_boxIDs: JSON.stringify(boxes), CropEppo: 'LYPES', BBCH: 30 });

  it('refuses a dose above the maximum, typed or worked out from the area (422 naming Dose, saying what to do)', async () => {
    const typed = await link(a.regular.auth, { ...base(), Dose: 1.5, DoseUnit: 'L/ha' });
    expect(typed.statusCode).toBe(422);
    expect(typed.json()).toMatchObject({ field: 'Dose', message: msg.doseAboveMax('Capped', 1.5, 'L/ha', 1) });
    // 2 L over 1 ha (two boxes of 5,000 m²) is 2 L/ha.
    const worked = await link(a.regular.auth, { ...base(), QuantityUsed: 2 });
    expect(worked.statusCode).toBe(422);
    expect(worked.json().message).toBe(msg.doseAboveMax('Capped', 2, 'units/ha', 1));
  });

  it('refuses a crop the product is not authorised on and a BBCH stage outside its limits', async () => {
    const crop = await link(a.regular.auth, { ...base(), CropEppo: 'CUMSA' });
    expect(crop.statusCode).toBe(422);
    expect(crop.json()).toMatchObject({ field: 'CropEppo', message: msg.cropNotAuthorised('Capped', 'CUMSA') });
    const stage = await link(a.regular.auth, { ...base(), BBCH: 75 });
    expect(stage.statusCode).toBe(422);
    expect(stage.json()).toMatchObject({ field: 'BBCH', message: msg.bbchNotAuthorised('Capped', 'LYPES', 75, 10, 69) });
  });

  it('refuses more applications than allowed in the crop cycle, counted on the batch since its start', async () => {
    expect((await link(a.regular.auth, base())).statusCode).toBe(200);
    expect((await link(a.regular.auth, { ...base(), Grid_boxIDs: JSON.stringify([boxes[1]]) })).statusCode).toBe(200);
    const third = await link(a.regular.auth, base());
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({ field: 'ProductName', message: msg.tooManyApplications('Capped', 2, 2, 'T-24', '2026-04-01') });
  });

  it('warns (and records) when a spray would hit beneficials released in the same boxes within the persistence', async () => {
    const harmful = await product(a.companyId, 'Harsh');
    await product(a.companyId, 'Swirskii sachets', { unit: 'units' });
    await t.app.db.insertInto('beneficial_side_effects').values({ company_id: a.companyId, product_id: harmful, species: 'Amblyseius swirskii', effect: 'harmful', persistence_days: 14, updated_by: null }).execute();
    const release = await link(a.regular.auth, {
      ApplicationDate: '2026-05-01', ProductName: 'Swirskii sachets', QuantityUsed: 100, QuantityUnit: 'units', Grid_boxIDs: JSON.stringify([boxes[0]]),
      Releases: [{ Species: 'amblyseius swirskii', QuantityPerM2: 50, Method: 'sachet' }],
    });
    expect(release.statusCode, release.body).toBe(200);
    const spray = await link(a.regular.auth, { ApplicationDate: '2026-05-08', ProductName: 'Harsh', QuantityUsed: 1, Grid_boxIDs: JSON.stringify(boxes) });
    expect(spray.statusCode, spray.body).toBe(200);
    const hits = (res: { json(): { register: { warnings: string[] } } }) => res.json().register.warnings.filter((w) => w.includes('released in these boxes'));
    expect(hits(spray)).toEqual([msg.beneficialsHit('Harsh', 'amblyseius swirskii', 'harmful', '2026-05-01', '2026-05-15')]);
    const later = await link(a.regular.auth, { ApplicationDate: '2026-05-20', ProductName: 'Harsh', QuantityUsed: 1, Grid_boxIDs: JSON.stringify(boxes) });
    expect(hits(later)).toEqual([]);
  });
});

describe('stock taken by an application', () => {
  let boxes: number[];
  let productId: number;
  const lot = async (number: string, quantity: number, expiry: string | null) =>
    (await sql<{ lot_id: number }>`INSERT INTO stock_lots (company_id, product_id, lot_number, expiry_date, received_on, quantity_received, quantity)
      VALUES (${a.companyId}, ${productId}, ${number}, ${expiry}, '2026-01-01', ${quantity}, ${quantity}) RETURNING lot_id`.execute(t.app.db)).rows[0]!.lot_id;
  const left = async (lotId: number) => Number((await t.app.db.selectFrom('stock_lots').select('quantity').where('lot_id', '=', lotId).executeTakeFirstOrThrow()).quantity);
  beforeAll(async () => {
    const place = await makeFacility(t.app, a.companyId, { roomName: 'Stock room', nx: 2, ny: 1 });
    boxes = [place.box(1, 1), place.box(2, 1)];
    productId = await product(a.companyId, 'Stocked', { unit: 'L' });
  });
  const apply = (fields: Fields = {}) =>
    link(a.regular.auth, { ApplicationDate: '2026-06-10', ProductName: 'Stocked', QuantityUsed: 3, QuantityUnit: 'L', Grid_boxIDs: JSON.stringify(boxes), ...fields });

  it('deducts from the earliest-expiring good lot in the same transaction, refuses a chosen expired lot and a wrong unit', async () => {
    const old = await lot('OLD-1', 10, '2026-01-31');
    const soon = await lot('SOON-1', 10, '2026-08-01');
    const late = await lot('LATE-1', 10, '2027-08-01');
    const res = await apply();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().register.stock).toEqual([{ product_id: productId, deductions: [{ lot_id: soon, lot_number: 'SOON-1', quantity: 3, expired: false }], short_by: 0 }]);
    expect([await left(old), await left(soon), await left(late)]).toEqual([10, 7, 10]);

    const expired = await apply({ LotID: old });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ field: 'LotID', message: msg.expiredLotChosen('Stocked', 'OLD-1') });
    expect(await left(old)).toBe(10);
    const unit = await apply({ QuantityUnit: 'kg' });
    expect(unit.statusCode).toBe(400);
    expect(unit.json()).toMatchObject({ field: 'QuantityUnit', message: msg.wrongUnit('Stocked', 'L') });
    const chosen = await apply({ LotID: late, QuantityUsed: 1 });
    expect(chosen.json().register.stock[0].deductions).toEqual([{ lot_id: late, lot_number: 'LATE-1', quantity: 1, expired: false }]);
    await sql`UPDATE stock_lots SET quantity = 0 WHERE lot_id IN (${soon}, ${late})`.execute(t.app.db);
  });

  it('two applications at the same moment deduct exactly; what the lots lack is recorded as a shortfall and warned', async () => {
    const only = await lot('ONLY-1', 5, '2027-01-01');
    const [one, two] = await Promise.all([apply(), apply()]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(await left(only)).toBe(0);
    const shorts = [one, two].map((r) => r.json().register.stock[0]);
    // 6 L used from 5 L of good stock: the old expired lot gives the rest before any shortfall is recorded.
    const fromOnly = shorts.flatMap((x) => x.deductions).filter((d: { lot_id: number }) => d.lot_id === only).reduce((n: number, d: { quantity: number }) => n + d.quantity, 0);
    expect(fromOnly).toBe(5);
    const warned = [...one.json().register.warnings, ...two.json().register.warnings];
    expect(warned).toContain(msg.expiredLotUsed('Stocked', 'OLD-1', 1));
    await sql`UPDATE stock_lots SET quantity = 0 WHERE company_id = ${a.companyId} AND product_id = ${productId}`.execute(t.app.db);
    const short = await apply({ QuantityUsed: 2 });
    expect(short.json().register.stock[0].short_by).toBe(2);
    expect(short.json().register.warnings).toContain(msg.stockShort('Stocked', 2, 'L'));
  });
});

describe('the beneficials side-effect table', () => {
  const save = (auth: Auth, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/save_beneficial_side_effect', headers: auth, payload: body });
  it('an Admin sets, changes (same product and species, any case) and removes a row; audited; the spray rule reads it', async () => {
    const productId = await product(a.companyId, 'Side table product');
    const made = await save(a.admin.auth, { company_id: a.companyId, product_id: productId, species: 'Orius laevigatus', effect: 'harmful', persistence_days: 21 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ message: msg.sideEffectSaved, side_effect: { product_name: 'Side table product', species: 'Orius laevigatus', effect: 'harmful', persistence_days: 21 } });
    const again = await save(a.admin.auth, { company_id: a.companyId, product_id: productId, species: 'orius LAEVIGATUS', effect: 'moderately harmful', persistence_days: 7 });
    expect(again.json().side_effect.side_effect_id).toBe(made.json().side_effect.side_effect_id);
    const list = await t.app.inject({ method: 'GET', url: '/api/get_beneficial_side_effects', headers: a.regular.auth, query: { company_id: String(a.companyId) } });
    expect(list.json().side_effects.filter((s: { product_id: number }) => s.product_id === productId)).toEqual([
      expect.objectContaining({ species: 'orius LAEVIGATUS', effect: 'moderately harmful', persistence_days: 7 }),
    ]);
    const id = made.json().side_effect.side_effect_id as number;
    expect((await t.app.db.selectFrom('audit_events').select('id').where('action', '=', 'beneficial_side_effect.save').where('entity_id', '=', String(id)).execute())).toHaveLength(2);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/delete_beneficial_side_effect', headers: a.admin.auth, query: { company_id: String(a.companyId), side_effect_id: String(id) } });
    expect(gone.json()).toMatchObject({ message: msg.sideEffectDeleted });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/delete_beneficial_side_effect', headers: a.admin.auth, query: { company_id: String(a.companyId), side_effect_id: String(id) } })).statusCode).toBe(404);
  });

  it('refuses bad input naming the field, a Regular user, another company and its product', async () => {
    const productId = await product(a.companyId, 'Side table product 2');
    const theirs = await product(b.companyId, 'Their side product');
    const good = { company_id: a.companyId, product_id: productId, species: 'Aphidius colemani', effect: 'harmless', persistence_days: 0 };
    for (const [change, field] of [[{ effect: 'deadly' }, 'effect'], [{ persistence_days: 400 }, 'persistence_days'], [{ species: ' ' }, 'species'], [{ product_id: 2 ** 31 }, 'product_id']] as const) {
      const res = await save(a.admin.auth, { ...good, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await save(a.regular.auth, good)).statusCode).toBe(403);
    expect((await save(b.admin.auth, good)).statusCode).toBe(403);
    const foreign = await save(a.admin.auth, { ...good, product_id: theirs });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ field: 'product_id', message: msg.unknownSideEffectProduct });
    expect((await t.app.inject({ method: 'GET', url: '/api/get_beneficial_side_effects', headers: b.regular.auth, query: { company_id: String(a.companyId) } })).statusCode).toBe(403);
  });
});

describe("a grid's cell size (set_grid_cell_size) gives an application its area", () => {
  it('an Admin sets it (audited), an application on its boxes gets the area from it; bad input, a Regular user and another company are refused', async () => {
    const place = await makeFacility(t.app, a.companyId, { roomName: 'Sized room', nx: 3, ny: 1 });
    await product(a.companyId, 'Sized product');
    const set = (auth: Auth, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/set_grid_cell_size', headers: auth, payload: body });
    const res = await set(a.admin.auth, { grid_id: place.gridId, cell_area_m2: 7.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Cell size saved.', grid_id: place.gridId, cell_area_m2: 7.5 });
    const applied = await link(a.regular.auth, { ApplicationDate: '2026-07-01', ProductName: 'Sized product', QuantityUsed: 1, Grid_boxIDs: JSON.stringify([place.box(1, 1), place.box(3, 1)]) });
    expect(applied.json().register).toMatchObject({ area_m2: 15, area_source: 'grid' });
    const audit = await t.app.db.selectFrom('audit_events').select(['before', 'after']).where('action', '=', 'grid.cell_size').where('entity_id', '=', String(place.gridId)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ before: { cell_area_m2: null }, after: { cell_area_m2: 7.5 } });

    expect((await set(a.admin.auth, { grid_id: place.gridId, cell_area_m2: -1 })).json()).toMatchObject({ field: 'cell_area_m2' });
    expect((await set(a.admin.auth, { grid_id: place.gridId, cell_area_m2: 'wide' })).json()).toMatchObject({ field: 'cell_area_m2' });
    expect((await set(a.regular.auth, { grid_id: place.gridId, cell_area_m2: 2 })).statusCode).toBe(403);
    expect((await set(b.admin.auth, { grid_id: place.gridId, cell_area_m2: 2 })).statusCode).toBe(404);
    expect((await set(a.admin.auth, { grid_id: place.gridId, cell_area_m2: null })).json()).toMatchObject({ cell_area_m2: null });
  });

  it('is read back with the grid in the rooms tree (load_room_grids_boxes), null when cleared', async () => {
    const place = await makeFacility(t.app, a.companyId, { roomName: 'Read-back room', nx: 2, ny: 1 });
    const set = (size: number | null) => t.app.inject({ method: 'POST', url: '/api/set_grid_cell_size', headers: a.admin.auth, payload: { grid_id: place.gridId, cell_area_m2: size } });
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/load_room_grids_boxes?company_id=${a.companyId}&room_id=${place.roomId}`, headers: a.regular.auth });
      expect(res.statusCode, res.body).toBe(200);
      const rooms = res.json().rooms as Array<{ grids: Array<{ id: number; cell_area_m2: number | null }> }>;
      return rooms.flatMap((r) => r.grids).find((g) => g.id === place.gridId)?.cell_area_m2;
    };
    expect(await read()).toBeNull();
    expect((await set(4.25)).statusCode).toBe(200);
    expect(await read()).toBe(4.25);
    expect((await set(null)).statusCode).toBe(200);
    expect(await read()).toBeNull();
  });
});

describe("the operator's spray licence (set_spray_licence)", () => {
  it('a user records their own, an Admin a colleague\'s (audited); an application copies it; a Regular cannot set a colleague\'s; another company\'s user is 404', async () => {
    const set = (auth: Auth, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/set_spray_licence', headers: auth, payload: body });
    const own = await set(a.regular.auth, { user_id: a.regular.user_id, spray_licence_number: ' NL-SPUIT-999 ' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ status: 'success', message: 'Spray licence number saved.', user_id: a.regular.user_id, spray_licence_number: 'NL-SPUIT-999' });
    const place = await makeFacility(t.app, a.companyId, { roomName: 'Licence room', nx: 1, ny: 1 });
    await product(a.companyId, 'Licensed product');
    const applied = await link(a.regular.auth, { ApplicationDate: '2026-07-02', ProductName: 'Licensed product', QuantityUsed: 1, Grid_boxIDs: JSON.stringify([place.box(1, 1)]) });
    expect(applied.json().register.operator_licence).toBe('NL-SPUIT-999');
    expect((await set(a.admin.auth, { user_id: a.regular.user_id, spray_licence_number: 'NL-SPUIT-1000' })).statusCode).toBe(200);
    // The number on record is read back with the user (the profile shows it).
    const read = await t.app.inject({ method: 'GET', url: `/api/load_users?company_id=${a.companyId}&user_id=${a.regular.user_id}`, headers: a.regular.auth });
    expect(read.json().users[0].spray_licence_number).toBe('NL-SPUIT-1000');
    expect((await set(a.regular.auth, { user_id: a.admin.user_id, spray_licence_number: 'X' })).statusCode).toBe(403);
    expect((await set(b.admin.auth, { user_id: a.regular.user_id, spray_licence_number: 'X' })).statusCode).toBe(404);
    expect((await set(a.regular.auth, { user_id: a.regular.user_id, spray_licence_number: 'x'.repeat(101) })).json()).toMatchObject({ field: 'spray_licence_number' });
    const audits = await t.app.db.selectFrom('audit_events').select('after').where('action', '=', 'user.spray_licence').where('entity_id', '=', String(a.regular.user_id)).orderBy('id').execute();
    expect(audits.map((x) => x.after)).toEqual([{ spray_licence_number: 'NL-SPUIT-999' }, { spray_licence_number: 'NL-SPUIT-1000' }]);
    // An application already recorded keeps the licence it was made under.
    const kept = await t.app.db.selectFrom('treatment_applications').select('operator_licence').where('application_id', '=', applied.json().application.application_id).executeTakeFirstOrThrow();
    expect(kept.operator_licence).toBe('NL-SPUIT-999');
  });
});
