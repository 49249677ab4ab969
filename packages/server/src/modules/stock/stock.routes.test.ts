import { describe, expect, it } from 'vitest';
import { stockMessages as msg } from '@verdant/contract';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { deductStock } from './index.js';

useTwoTenants();

type Auth = { authorization: string };
const post = (path: string, auth: Auth, companyId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, query: { company_id: String(companyId) }, headers: auth, payload });
const get = (path: string, auth: Auth, companyId: number, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, query: { company_id: String(companyId), ...query }, headers: auth });

async function product(auth: Auth, companyId: number, name: string, unit = 'L') {
  const form = new FormData();
  form.append('name', name);
  if (unit) form.append('unit', unit);
  const res = await t.app.inject({ method: 'POST', url: '/api/add_spray_product', query: { company_id: String(companyId) }, headers: auth, payload: form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product.product_id as number;
}
const receive = (auth: Auth, companyId: number, body: Record<string, unknown>) => post('/stock/receive', auth, companyId, body);
const stockOf = async (productId: number, auth: Auth = a.regular.auth, companyId = a.companyId) =>
  (await get('/stock', auth, companyId)).json().products.find((p: { product_id: number }) => p.product_id === productId);
const deduct = (input: Omit<Parameters<typeof deductStock>[1], 'companyId' | 'userId' | 'applicationId'> & { applicationId?: number }) =>
  t.app.db.transaction().execute((trx) => deductStock({ db: trx }, { companyId: a.companyId, userId: a.admin.user_id, applicationId: 1, ...input }));

describe('stock', () => {
  it('receives lots, lists them earliest expiry first with on-hand, exports CSV; every receipt is a movement and audited', async () => {
    const id = await product(a.admin.auth, a.companyId, 'Vertimec');
    const late = await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'L-2', supplier: 'Agrifirm', expiry_date: '2030-06-30', quantity: 5 });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ message: msg.received, lot: { lot_number: 'L-2', supplier: 'Agrifirm', quantity: 5, quantity_received: 5, expired: false } });
    await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'L-1', expiry_date: '2029-01-31', quantity: '2.5', received_on: '2026-01-02' });
    const stock = await stockOf(id);
    expect(stock).toMatchObject({ name: 'Vertimec', unit: 'L', on_hand: 7.5, shortfall: 0, low: false });
    expect(stock.lots.map((l: { lot_number: string }) => l.lot_number)).toEqual(['L-1', 'L-2']);
    const moves = (await get('/stock/movements', a.regular.auth, a.companyId, { product_id: String(id) })).json().movements;
    expect(moves.map((m: { kind: string; quantity: number }) => [m.kind, m.quantity])).toEqual([['receipt', 2.5], ['receipt', 5]]);
    expect(await t.app.db.selectFrom('audit_events').select('action').where('action', '=', 'stock.receive').where('company_id', '=', a.companyId).execute()).toHaveLength(2);

    const csv = await get('/stock/export', a.regular.auth, a.companyId, { product_id: String(id) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('product,authorisation_number,unit,lot_number,supplier,expiry_date,received_on,quantity_received,quantity_on_hand,expired,product_on_hand,product_shortfall,low_stock_threshold,low_stock');
    expect(lines[1]).toBe('Vertimec,,L,L-1,,2029-01-31,2026-01-02,2.5,2.5,false,7.5,0,,false');
    expect(lines).toHaveLength(3);
  });

  it('pages a product\'s movements newest first (before = next_before) with the total; bad paging is a 400 naming the field', async () => {
    const id = await product(a.admin.auth, a.companyId, 'Paged product');
    for (let i = 1; i <= 7; i++) expect((await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: `P-${i}`, quantity: i })).statusCode).toBe(200);
    const page = async (query: Record<string, string>) => {
      const res = await get('/stock/movements', a.regular.auth, a.companyId, { product_id: String(id), ...query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { movements: Array<{ quantity: number; movement_id: number }>; next_before: number | null; total: number };
    };
    const first = await page({ limit: '3' });
    expect(first.movements.map((m) => m.quantity)).toEqual([7, 6, 5]);
    expect(first).toMatchObject({ total: 7, next_before: first.movements[2]!.movement_id });
    const second = await page({ limit: '3', before: String(first.next_before) });
    expect(second.movements.map((m) => m.quantity)).toEqual([4, 3, 2]);
    const last = await page({ limit: '3', before: String(second.next_before) });
    expect(last).toMatchObject({ total: 7, next_before: null });
    expect(last.movements.map((m) => m.quantity)).toEqual([1]);
    // The default page holds them all here, and says there is nothing older.
    expect(await page({})).toMatchObject({ total: 7, next_before: null });

    for (const [query, field] of [[{ limit: '0' }, 'limit'], [{ limit: '501' }, 'limit'], [{ limit: 'ten' }, 'limit'], [{ before: String(2 ** 31) }, 'before'], [{ before: '-4' }, 'before']] as const) {
      const res = await get('/stock/movements', a.regular.auth, a.companyId, { product_id: String(id), ...query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    // Another company reads neither the product's movements nor its count.
    expect((await get('/stock/movements', b.admin.auth, b.companyId, { product_id: String(id) })).statusCode).toBe(404);
  });

  it('deducts earliest expiry first, or from the chosen lot first, exactly; beyond the stock it records a shortfall and says so', async () => {
    const id = await product(a.admin.auth, a.companyId, 'Deduct me');
    const first = (await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'A', expiry_date: '2030-01-01', quantity: 0.3 })).json().lot;
    const second = (await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'B', expiry_date: '2031-01-01', quantity: 1 })).json().lot;
    const noExpiry = (await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'C', quantity: 1 })).json().lot;

    expect(await deduct({ productId: id, quantity: 0.1 })).toEqual({ deductions: [{ lot_id: first.lot_id, lot_number: 'A', quantity: 0.1, expired: false }], shortBy: 0 });
    expect(await deduct({ productId: id, quantity: 0.2 + 0.1 })).toEqual({
      deductions: [{ lot_id: first.lot_id, lot_number: 'A', quantity: 0.2, expired: false }, { lot_id: second.lot_id, lot_number: 'B', quantity: 0.1, expired: false }], shortBy: 0,
    });
    expect((await deduct({ productId: id, quantity: 0.5, lotId: noExpiry.lot_id })).deductions).toEqual([{ lot_id: noExpiry.lot_id, lot_number: 'C', quantity: 0.5, expired: false }]);
    const over = await deduct({ productId: id, quantity: 2, applicationId: 77 });
    expect(over).toEqual({
      deductions: [{ lot_id: second.lot_id, lot_number: 'B', quantity: 0.9, expired: false }, { lot_id: noExpiry.lot_id, lot_number: 'C', quantity: 0.5, expired: false }], shortBy: 0.6,
    });
    const stock = await stockOf(id);
    expect(stock).toMatchObject({ on_hand: -0.6, shortfall: 0.6, lots: [] });
    const warnings = (await get('/stock/warnings', a.regular.auth, a.companyId)).json().warnings;
    expect(warnings.shortfalls).toContainEqual({ product_id: id, name: 'Deduct me', unit: 'L', shortfall: 0.6 });
    const moves = await t.app.db.selectFrom('stock_movements').select(['kind', 'quantity', 'lot_id']).where('application_id', '=', 77).orderBy('movement_id').execute();
    expect(moves).toEqual([{ kind: 'application', quantity: -0.9, lot_id: second.lot_id }, { kind: 'application', quantity: -0.5, lot_id: noExpiry.lot_id }, { kind: 'shortfall', quantity: -0.6, lot_id: null }]);

    // A stocktake states what is there and settles the shortfall, with its reason.
    const counted = await post('/stock/stocktake', a.admin.auth, a.companyId, { product_id: id, counts: [{ lot_id: second.lot_id, quantity: 0.25 }], reason: 'Found a part bottle' });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().product).toMatchObject({ on_hand: 0.25, shortfall: 0 });
    const takes = await t.app.db.selectFrom('stock_movements').select(['quantity', 'reason', 'lot_id']).where('product_id', '=', id).where('kind', '=', 'stocktake').orderBy('movement_id').execute();
    expect(takes).toEqual([{ quantity: 0.25, reason: 'Found a part bottle', lot_id: second.lot_id }, { quantity: 0.6, reason: 'Found a part bottle', lot_id: null }]);
  });

  it('takes unexpired lots before expired ones and marks an expired lot it used; warns of expired lots and low stock', async () => {
    const id = await product(a.admin.auth, a.companyId, 'Old stock');
    const old = (await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'OLD', expiry_date: '2020-01-31', received_on: '2019-01-01', quantity: 1 })).json().lot;
    const fresh = (await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'NEW', expiry_date: '2099-01-31', quantity: 1 })).json().lot;
    const res = await deduct({ productId: id, quantity: 1.5 });
    expect(res.deductions).toEqual([
      { lot_id: fresh.lot_id, lot_number: 'NEW', quantity: 1, expired: false }, { lot_id: old.lot_id, lot_number: 'OLD', quantity: 0.5, expired: true },
    ]);
    const low = await post('/stock/threshold', a.admin.auth, a.companyId, { product_id: id, low_stock_threshold: 0.5 });
    expect(low.json().product).toMatchObject({ low_stock_threshold: 0.5, low: true, on_hand: 0.5 });
    const warnings = (await get('/stock/warnings', a.regular.auth, a.companyId)).json().warnings;
    expect(warnings.low_stock).toContainEqual({ product_id: id, name: 'Old stock', unit: 'L', on_hand: 0.5, low_stock_threshold: 0.5 });
    expect(warnings.expired_lots).toContainEqual({ lot_id: old.lot_id, product_id: id, name: 'Old stock', lot_number: 'OLD', expiry_date: '2020-01-31', quantity: 0.5 });
    expect((await post('/stock/threshold', a.admin.auth, a.companyId, { product_id: id, low_stock_threshold: null })).json().product.low).toBe(false);
  });

  it('deducts exactly when applications of one product run at the same moment', async () => {
    const id = await product(a.admin.auth, a.companyId, 'Concurrent');
    await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'X', expiry_date: '2030-01-01', quantity: 3 });
    await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: 'Y', expiry_date: '2031-01-01', quantity: 2 });
    // Eight applications of 0.75 (6) against 5 in stock: exactly 5 taken from the lots, exactly 1 short.
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => deduct({ productId: id, quantity: 0.75, applicationId: 1000 + i })));
    const taken = results.flatMap((r) => r.deductions).reduce((s, d) => s + Math.round(d.quantity * 1000), 0);
    const short = results.reduce((s, r) => s + Math.round(r.shortBy * 1000), 0);
    expect(taken).toBe(5000);
    expect(short).toBe(1000);
    expect(await stockOf(id)).toMatchObject({ on_hand: -1, shortfall: 1, lots: [] });
    const sum = await t.app.db.selectFrom('stock_movements').select((eb) => eb.fn.sum<number>('quantity').as('s')).where('product_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(-1);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const id = await product(a.admin.auth, a.companyId, 'Validated');
    const noUnit = await product(a.admin.auth, a.companyId, 'No unit yet', '');
    const cases: [string, Record<string, unknown>, string][] = [
      ['/stock/receive', { product_id: id, lot_number: 'L', quantity: -1 }, 'quantity'],
      ['/stock/receive', { product_id: id, lot_number: 'L', quantity: 0 }, 'quantity'],
      ['/stock/receive', { product_id: id, lot_number: 'L', quantity: 'lots' }, 'quantity'],
      ['/stock/receive', { product_id: id, lot_number: '', quantity: 1 }, 'lot_number'],
      ['/stock/receive', { product_id: id, lot_number: 'L', quantity: 1, expiry_date: '2026-02-30' }, 'expiry_date'],
      ['/stock/receive', { product_id: id, lot_number: 'L', quantity: 1, expiry_date: '2025-01-01', received_on: '2026-01-01' }, 'expiry_date'],
      ['/stock/receive', { product_id: id, lot_number: 'bad\u0000lot', quantity: 1 }, 'lot_number'],
      ['/stock/receive', { product_id: 2147483648, lot_number: 'L', quantity: 1 }, 'product_id'],
      ['/stock/receive', { product_id: noUnit, lot_number: 'L', quantity: 1 }, 'product_id'],
      ['/stock/stocktake', { product_id: id, counts: [], reason: 'x' }, 'counts'],
      ['/stock/stocktake', { product_id: id, counts: [{ lot_id: 1, quantity: -1 }], reason: 'x' }, 'counts.0.quantity'],
      ['/stock/stocktake', { product_id: id, counts: [{ lot_id: 1, quantity: 1 }], reason: ' ' }, 'reason'],
      ['/stock/threshold', { product_id: id, low_stock_threshold: -1 }, 'low_stock_threshold'],
    ];
    for (const [path, body, field] of cases) {
      const res = await post(path, a.admin.auth, a.companyId, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await post('/stock/receive', a.admin.auth, a.companyId, { product_id: noUnit, lot_number: 'L', quantity: 1 })).json().message).toBe(msg.noUnit);
    await expect(deduct({ productId: id, quantity: 0 })).rejects.toMatchObject({ field: 'quantity' });
  });

  it("keeps companies apart and lets only admins change stock", async () => {
    const mine = await product(a.admin.auth, a.companyId, 'Mine');
    const lot = (await receive(a.admin.auth, a.companyId, { product_id: mine, lot_number: 'M', quantity: 1 })).json().lot;
    const theirs = await product(b.admin.auth, b.companyId, 'Theirs');
    expect((await receive(a.admin.auth, a.companyId, { product_id: theirs, lot_number: 'L', quantity: 1 })).statusCode).toBe(404);
    expect((await receive(a.admin.auth, b.companyId, { product_id: theirs, lot_number: 'L', quantity: 1 })).statusCode).toBe(403);
    expect((await get('/stock', a.admin.auth, b.companyId)).statusCode).toBe(403);
    expect((await get('/stock/movements', a.admin.auth, a.companyId, { product_id: String(theirs) })).statusCode).toBe(404);
    expect((await get('/stock/export', a.admin.auth, a.companyId, { product_id: String(theirs) })).statusCode).toBe(404);
    expect((await get('/stock', b.admin.auth, b.companyId)).body).not.toContain('Mine');
    // Another company's lot cannot be counted, nor used by one of its applications.
    const theirLot = (await receive(b.admin.auth, b.companyId, { product_id: theirs, lot_number: 'T', quantity: 1 })).json().lot;
    expect((await post('/stock/stocktake', a.admin.auth, a.companyId, { product_id: mine, counts: [{ lot_id: theirLot.lot_id, quantity: 0 }], reason: 'x' })).statusCode).toBe(404);
    await expect(deduct({ productId: mine, quantity: 1, lotId: theirLot.lot_id })).rejects.toMatchObject({ message: 'Stock lot not found.' });
    // A lot of another of the company's products is a mistake named on its field.
    const other = await product(a.admin.auth, a.companyId, 'Other of mine');
    const otherLot = (await receive(a.admin.auth, a.companyId, { product_id: other, lot_number: 'O', quantity: 1 })).json().lot;
    expect((await post('/stock/stocktake', a.admin.auth, a.companyId, { product_id: mine, counts: [{ lot_id: otherLot.lot_id, quantity: 0 }], reason: 'x' })).json())
      .toMatchObject({ field: 'counts', message: msg.lotNotOfProduct(otherLot.lot_id) });
    await expect(deduct({ productId: mine, quantity: 1, lotId: otherLot.lot_id })).rejects.toMatchObject({ field: 'lot_id' });

    expect((await receive(a.regular.auth, a.companyId, { product_id: mine, lot_number: 'R', quantity: 1 })).statusCode).toBe(403);
    expect((await post('/stock/stocktake', a.regular.auth, a.companyId, { product_id: mine, counts: [{ lot_id: lot.lot_id, quantity: 0 }], reason: 'x' })).statusCode).toBe(403);
    expect((await post('/stock/threshold', a.regular.auth, a.companyId, { product_id: mine, low_stock_threshold: 1 })).statusCode).toBe(403);
    expect((await receive(a.superAdmin.auth, a.companyId, { product_id: mine, lot_number: 'S', quantity: 1 })).statusCode).toBe(200);
    expect((await get('/stock', a.regular.auth, a.companyId)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/stock', query: { company_id: String(a.companyId) } })).statusCode).toBe(401);
  });

  it('escapes CSV fields a spreadsheet would misread', async () => {
    const id = await product(a.admin.auth, a.companyId, '=HYPERLINK("x"), "quoted"');
    await receive(a.admin.auth, a.companyId, { product_id: id, lot_number: '-1,2', supplier: 'Line\nbreak', quantity: 1, received_on: '2026-01-01' });
    const body = (await get('/stock/export', a.regular.auth, a.companyId, { product_id: String(id) })).body;
    expect(body).toContain(`"'=HYPERLINK(""x""), ""quoted""",,L,"'-1,2","Line\nbreak",,2026-01-01,1,1,false,1,0,,false`);
  });
});
