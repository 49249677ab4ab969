import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { seedFacilityDemo } from './facility-demo.js';
import { seedScoutingDemo } from './scouting-demo.js';
import { seedTreatmentsDemo } from './treatments-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('seedTreatmentsDemo', () => {
  it('adds three products with their treatments and two audited applications that the effectiveness report measures', async () => {
    const c = await makeTenant(t.app);
    const ctx = { companyId: c.companyId, userId: c.superAdmin.user_id };
    for (const seed of [seedFacilityDemo, seedScoutingDemo, seedTreatmentsDemo]) await seed(t.app, ctx);
    const get = (path: string, query = '') => t.app.inject({ method: 'GET', url: `/api${path}?company_id=${c.companyId}${query}`, headers: c.regular.auth });

    expect((await get('/get_product_names')).json().productNames).toEqual(['Amblyseius swirskii', 'Conserve', 'Mycotal']);
    expect((await get('/get_all_treatment')).json().treatments).toHaveLength(3);
    const applied = await t.app.db.selectFrom('audit_events').select('id').where('company_id', '=', c.companyId).where('action', '=', 'treatment.apply').execute();
    expect(applied).toHaveLength(2);
    const report = (await get('/get_treatment_effectiveness_report', '&date_option=weeks_ago&weeks_ago=4')).json();
    expect(report.data.map((d: { product_name: string; applications: number }) => [d.product_name, d.applications])).toEqual([['Amblyseius swirskii', 1], ['Conserve', 1]]);

    // Stock: received before the sprays, which took theirs from the lots (no shortfall), then a counted loss with its reason.
    const stock = (await get('/stock')).json();
    const of = (name: string) => stock.products.find((p: { name: string }) => p.name === name);
    expect(of('Amblyseius swirskii')).toMatchObject({ unit: 'units', on_hand: 495, shortfall: 0, low: false });
    expect(of('Conserve')).toMatchObject({ unit: 'L', on_hand: 4, shortfall: 0, low: true, low_stock_threshold: 4 });
    expect(of('Mycotal')).toMatchObject({ unit: 'kg', on_hand: 1, low: false });
    expect(of('Conserve').lots.map((l: { lot_number: string; quantity: number; expired: boolean }) => [l.lot_number, l.quantity, l.expired])).toEqual([['CON-23-077', 0.5, true], ['CON-25-118', 3.5, false]]);
    expect(stock.warnings.low_stock.map((w: { name: string }) => w.name)).toEqual(['Conserve']);
    expect(stock.warnings.expired_lots.map((w: { lot_number: string }) => w.lot_number)).toEqual(['CON-23-077']);
    expect(stock.warnings.shortfalls).toEqual([]);
    const moves = (await get('/stock/movements', `&product_id=${of('Amblyseius swirskii').product_id}`)).json().movements;
    expect(moves.map((m: { kind: string; quantity: number }) => [m.kind, m.quantity])).toEqual([['stocktake', -2], ['application', -3], ['receipt', 500]]);
    expect(moves[0].reason).toContain('damaged');
    const audited = await t.app.db.selectFrom('audit_events').select('action').where('company_id', '=', c.companyId).where('action', 'like', 'stock.%').execute();
    expect(new Set(audited.map((e) => e.action))).toEqual(new Set(['stock.receive', 'stock.threshold', 'stock.deduct', 'stock.stocktake']));
    const products = (await get('/get_product_details')).json().products;
    expect(products.find((p: { name: string }) => p.name === 'Conserve')).toMatchObject({ authorisation_number: '12345N', authorisation_country: 'NL', product_type: 'chemical', unit: 'L' });
  });
});
