import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StockWarnings } from '@verdant/contract';
import { StockWarningsTile } from '../components/stock-warnings-tile';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const answer = (warnings: StockWarnings) => http.get(`${API}/stock/warnings`, () => HttpResponse.json({ status: 'success', warnings }));

describe('StockWarningsTile (the overview’s stock warnings)', () => {
  it('lists shortfalls first, then expired lots still holding stock, then low stock, from GET /stock/warnings', async () => {
    signInAs({ role: 'Regular' });
    let asked: string | null = null;
    server.use(
      http.get(`${API}/stock/warnings`, ({ request }) => {
        asked = new URL(request.url).searchParams.get('company_id');
        return HttpResponse.json({ status: 'success', warnings: {
          low_stock: [{ product_id: 1, name: 'Vertimec', unit: 'L', on_hand: 0.5, low_stock_threshold: 1 }],
          expired_lots: [{ lot_id: 9, product_id: 2, name: 'Conserve', lot_number: 'C-12', expiry_date: '2026-10-01', quantity: 2 }],
          shortfalls: [{ product_id: 3, name: 'Teppeki', unit: 'kg', shortfall: 0.25 }],
        } });
      }),
    );
    renderPage(<StockWarningsTile />, '/dashboard/overview');
    const list = await screen.findByRole('list', { name: 'Warnings' });
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Teppeki: applications used 0.25 kg more than the recorded stock. Count it (stocktake) to set it right.',
      'Conserve, lot C-12: expired on 2026-10-01, 2 left. Do not use it; dispose of it as the label says.',
      'Vertimec: 0.5 L left, at or below your level of 1 L. Time to reorder.',
    ]);
    expect(asked).not.toBeNull();
  });

  it('says there is nothing to act on, and how to be warned', async () => {
    signInAs({ role: 'Regular' });
    server.use(answer({ low_stock: [], expired_lots: [], shortfalls: [] }));
    renderPage(<StockWarningsTile />, '/dashboard/overview');
    expect(await screen.findByText('No stock warnings')).toBeInTheDocument();
    expect(screen.getByText(/Set a low-stock level on a product/)).toBeInTheDocument();
  });

  it('shows a failure with a retry that loads the warnings', async () => {
    signInAs({ role: 'Regular' });
    // The later handler answers first (msw), once: the retry reaches the good answer.
    server.use(answer({ low_stock: [], expired_lots: [], shortfalls: [{ product_id: 3, name: 'Teppeki', unit: 'kg', shortfall: 1 }] }));
    server.use(http.get(`${API}/stock/warnings`, () => HttpResponse.json({ status: 'error', message: 'Database unavailable' }, { status: 500 }), { once: true }));
    renderPage(<StockWarningsTile />, '/dashboard/overview');
    expect(await screen.findByText('Stock warnings could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText(/Teppeki: applications used 1 kg more/)).toBeInTheDocument();
  });
});
