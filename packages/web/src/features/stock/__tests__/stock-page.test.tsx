import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { stockMessages, type StockProduct, type StockWarnings } from '@verdant/contract';
import StockPage from '../components/stock-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const noWarnings: StockWarnings = { low_stock: [], expired_lots: [], shortfalls: [] };
const vertimec = (lots: StockProduct['lots'] = []): StockProduct => ({
  product_id: 7, name: 'Vertimec', unit: 'L', on_hand: lots.reduce((s, l) => s + l.quantity, 0), shortfall: 0, low_stock_threshold: null, low: false, lots,
});

/** A stock API over one product, receiving and counting as the server would, recording each write. */
function stockApi(product: StockProduct, warnings: StockWarnings = noWarnings) {
  const state = { product, writes: [] as Array<{ path: string; body: unknown }> };
  return {
    state,
    handlers: [
      http.get(`${API}/stock`, () => HttpResponse.json({ status: 'success', products: [state.product], warnings })),
      http.post(`${API}/stock/receive`, async ({ request }) => {
        const body = (await request.json()) as { lot_number: string; quantity: number; expiry_date?: string; received_on: string; supplier?: string };
        state.writes.push({ path: 'receive', body });
        const lot = { lot_id: 50, product_id: 7, lot_number: body.lot_number, supplier: body.supplier ?? null, expiry_date: body.expiry_date ?? null, received_on: body.received_on, quantity_received: body.quantity, quantity: body.quantity, expired: false };
        state.product = vertimec([...state.product.lots, lot]);
        return HttpResponse.json({ status: 'success', message: stockMessages.received, lot });
      }),
      http.get(`${API}/stock/movements`, () => HttpResponse.json({ status: 'success', movements: state.writes.map((w, i) => ({
        movement_id: i + 1, product_id: 7, lot_id: 50, lot_number: 'L-77', kind: w.path === 'receive' ? 'receipt' : 'stocktake',
        quantity: w.path === 'receive' ? 2.5 : -0.5, reason: w.path === 'receive' ? null : 'Spilt half a litre', application_id: null, user_id: 1, created_at: '2026-11-20T10:00:00.000Z',
      })).reverse(), next_before: null, total: state.writes.length })),
      http.post(`${API}/stock/stocktake`, async ({ request }) => {
        const body = (await request.json()) as { counts: Array<{ lot_id: number; quantity: number }> };
        state.writes.push({ path: 'stocktake', body });
        state.product = vertimec(state.product.lots.map((l) => ({ ...l, quantity: body.counts.find((c) => c.lot_id === l.lot_id)?.quantity ?? l.quantity })));
        return HttpResponse.json({ status: 'success', message: stockMessages.counted, product: state.product });
      }),
    ],
  };
}

describe('StockPage', () => {
  it('receives a lot, then counts it with a reason; each write checked first', async () => {
    signInAs({ role: 'Admin' });
    const api = stockApi(vertimec());
    server.use(...api.handlers);
    renderPage(<StockPage />);
    expect(await screen.findByText('No lots in stock.')).toBeInTheDocument();
    expect(screen.getByText('Nothing to act on: no low stock, no expired lots.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Receive stock of Vertimec' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
    await user.type(within(dialog).getByLabelText(/^Quantity/), '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(within(dialog).getByText('Enter the lot number from the package.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a quantity above 0 (at most 3 decimals).')).toBeInTheDocument();
    expect(api.state.writes).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Lot number/), 'L-77');
    await user.type(within(dialog).getByLabelText('Supplier'), 'Agrifirm');
    await user.clear(within(dialog).getByLabelText(/^Quantity/));
    await user.type(within(dialog).getByLabelText(/^Quantity/), '2.5');
    await user.type(within(dialog).getByLabelText(/^Expiry date/), '2030-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    const lot = await screen.findByTestId('stock-lot');
    expect(lot).toHaveTextContent('L-77');
    expect(lot).toHaveTextContent('2030-06-30');
    expect(screen.getByTestId('on-hand')).toHaveTextContent('2.5 L on hand');
    expect(api.state.writes[0]).toMatchObject({ path: 'receive', body: { product_id: 7, lot_number: 'L-77', supplier: 'Agrifirm', quantity: 2.5, expiry_date: '2030-06-30' } });

    await user.click(screen.getByRole('button', { name: 'Stocktake of Vertimec' }));
    const take = await screen.findByRole('dialog', { name: 'Stocktake: Vertimec' });
    await user.clear(within(take).getByLabelText(/^Counted in lot L-77/));
    await user.type(within(take).getByLabelText(/^Counted in lot L-77/), '2');
    await user.click(within(take).getByRole('button', { name: 'Save the stocktake' }));
    expect(within(take).getByText('Say why the stock is adjusted.')).toBeInTheDocument();
    await user.type(within(take).getByLabelText(/^Reason/), 'Spilt half a litre');
    await user.click(within(take).getByRole('button', { name: 'Save the stocktake' }));
    await waitFor(() => expect(screen.getByTestId('on-hand')).toHaveTextContent('2 L on hand'));
    expect(api.state.writes[1]).toEqual({ path: 'stocktake', body: { product_id: 7, counts: [{ lot_id: 50, quantity: 2 }], reason: 'Spilt half a litre' } });

    // The history lists both, newest first, the count with its reason.
    await user.click(screen.getByRole('button', { name: 'History of Vertimec' }));
    const history = await screen.findByRole('dialog', { name: 'History: Vertimec' });
    const rows = await within(history).findAllByTestId('stock-movement');
    expect(rows[0]).toHaveTextContent('Stocktake');
    expect(rows[0]).toHaveTextContent('-0.5');
    expect(rows[0]).toHaveTextContent('Spilt half a litre');
    expect(rows[1]).toHaveTextContent('Received');
    expect(rows[1]).toHaveTextContent('+2.5');
  });

  it('pages a long history: the newest page first, "Load more" asks for the older ones with before', async () => {
    signInAs({ role: 'Regular' });
    const lot = { lot_id: 50, product_id: 7, lot_number: 'L-77', supplier: null, expiry_date: null, received_on: '2026-01-01', quantity_received: 300, quantity: 150, expired: false };
    const asked: Array<string | null> = [];
    const move = (movement_id: number) => ({
      movement_id, product_id: 7, lot_id: 50, lot_number: 'L-77', kind: 'application', quantity: -1, reason: null, application_id: 1000 + movement_id, user_id: 1, created_at: '2026-11-20T10:00:00.000Z',
    });
    server.use(
      http.get(`${API}/stock`, () => HttpResponse.json({ status: 'success', products: [vertimec([lot])], warnings: noWarnings })),
      http.get(`${API}/stock/movements`, ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        asked.push(before);
        const top = before ? Number(before) - 1 : 150;
        const ids = Array.from({ length: Math.min(100, top) }, (_, i) => top - i);
        return HttpResponse.json({ status: 'success', movements: ids.map(move), next_before: ids.at(-1)! > 1 ? ids.at(-1) : null, total: 150 });
      }),
    );
    const user = userEvent.setup();
    renderPage(<StockPage />);
    await user.click(await screen.findByRole('button', { name: 'History of Vertimec' }));
    const history = await screen.findByRole('dialog', { name: 'History: Vertimec' });
    expect(await within(history).findAllByTestId('stock-movement')).toHaveLength(100);
    expect(within(history).getByTestId('stock-history-count')).toHaveTextContent('Showing 100 of 150 movements.');
    await user.click(within(history).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(history).getAllByTestId('stock-movement')).toHaveLength(150));
    expect(within(history).getByTestId('stock-history-count')).toHaveTextContent('Showing 150 of 150 movements.');
    expect(within(history).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked).toEqual([null, '51']);
    expect(within(history).getAllByTestId('stock-movement').at(-1)).toHaveTextContent('Application 1001');
  });

  it('shows the warnings and reads without changing for a regular user', async () => {
    signInAs({ role: 'Regular' });
    const lot = { lot_id: 3, product_id: 7, lot_number: 'OLD-1', supplier: null, expiry_date: '2020-01-31', received_on: '2019-05-01', quantity_received: 5, quantity: 1, expired: true };
    server.use(...stockApi({ ...vertimec([lot]), low_stock_threshold: 2, low: true }, {
      low_stock: [{ product_id: 7, name: 'Vertimec', unit: 'L', on_hand: 1, low_stock_threshold: 2 }],
      expired_lots: [{ lot_id: 3, product_id: 7, name: 'Vertimec', lot_number: 'OLD-1', expiry_date: '2020-01-31', quantity: 1 }],
      shortfalls: [],
    }).handlers);
    renderPage(<StockPage />);
    expect(await screen.findByText('Vertimec: 1 L left, at or below your level of 2 L. Time to reorder.')).toBeInTheDocument();
    expect(screen.getByText(/lot OLD-1: expired on 2020-01-31/)).toBeInTheDocument();
    expect(within(screen.getByTestId('stock-lot')).getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receive stock of Vertimec' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
