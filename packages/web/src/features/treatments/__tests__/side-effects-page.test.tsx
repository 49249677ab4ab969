import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { EMPTY_PRODUCT_REGISTER, treatmentsMessages, type SideEffect, type SprayProduct } from '@verdant/contract';
import SideEffectsPage from '../components/side-effects-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const at = '2026-11-20T10:00:00.000Z';
const product = (product_id: number, name: string): SprayProduct => ({
  product_id, name, details: null, reentry_interval_hours: null, preharvest_interval_days: null, company_id: 3, created_at: at, updated_at: at, ...EMPTY_PRODUCT_REGISTER,
});
const row = (id: number, product_id: number, product_name: string, species: string, effect: SideEffect['effect'], days: number): SideEffect => ({
  side_effect_id: id, product_id, product_name, species, effect, persistence_days: days, updated_at: at,
});

/** The side-effect table over an in-memory list, saving by product and species (case-blind) as the server does. */
function sideEffectsApi(rows: SideEffect[] = [], products: SprayProduct[] = [product(1, 'Spinosad'), product(2, 'Teppeki')]) {
  const state = { rows: [...rows], writes: [] as Array<{ path: string; body: unknown }> };
  return {
    state,
    handlers: [
      http.get(`${API}/get_product_details`, () => HttpResponse.json({ status: 'success', products })),
      http.get(`${API}/get_beneficial_side_effects`, () => HttpResponse.json({ status: 'success', side_effects: state.rows })),
      http.post(`${API}/save_beneficial_side_effect`, async ({ request }) => {
        const body = (await request.json()) as { company_id: number; product_id: number; species: string; effect: SideEffect['effect']; persistence_days: number };
        state.writes.push({ path: 'save', body });
        const same = state.rows.find((r) => r.product_id === body.product_id && r.species.toLowerCase() === body.species.toLowerCase());
        const saved = row(same?.side_effect_id ?? state.rows.length + 10, body.product_id, products.find((p) => p.product_id === body.product_id)!.name, body.species, body.effect, body.persistence_days);
        state.rows = same ? state.rows.map((r) => (r === same ? saved : r)) : [...state.rows, saved];
        return HttpResponse.json({ status: 'success', message: treatmentsMessages.sideEffectSaved, side_effect: saved });
      }),
      http.delete(`${API}/delete_beneficial_side_effect`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        state.writes.push({ path: 'delete', body: Object.fromEntries(q) });
        state.rows = state.rows.filter((r) => r.side_effect_id !== Number(q.get('side_effect_id')));
        return HttpResponse.json({ status: 'success', message: treatmentsMessages.sideEffectDeleted });
      }),
    ],
  };
}

describe('beneficials side-effect table', () => {
  it('an admin adds a row after the form names what is missing, changes it, and deletes it after confirming', async () => {
    signInAs({ role: 'Admin' });
    const api = sideEffectsApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<SideEffectsPage />, '/dashboard/side-effects');

    expect(await screen.findByText('No side effects recorded yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add a row' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose a product.')).toBeInTheDocument();
    expect(within(dialog).getByText('Name the beneficial species.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number of days from 0 to 365.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Product'), 'Spinosad');
    await user.type(within(dialog).getByLabelText(/Beneficial species/), 'Orius laevigatus');
    await user.selectOptions(within(dialog).getByLabelText('Effect'), 'moderately harmful');
    await user.type(within(dialog).getByLabelText(/Persistence/), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a whole number of days from 0 to 365.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Persistence/));
    await user.type(within(dialog).getByLabelText(/Persistence/), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const item = await screen.findByTestId('side-effect');
    expect(item).toHaveTextContent('Spinosad → Orius laevigatus');
    expect(item).toHaveTextContent('Moderately harmful');
    expect(item).toHaveTextContent('7 days');
    expect(api.state.writes[0]).toEqual({ path: 'save', body: { company_id: 3, product_id: 1, species: 'Orius laevigatus', effect: 'moderately harmful', persistence_days: 7 } });

    await user.click(screen.getByRole('button', { name: 'Edit Spinosad on Orius laevigatus' }));
    const edit = await screen.findByRole('dialog');
    expect(within(edit).getByLabelText('Product')).toBeDisabled();
    await user.selectOptions(within(edit).getByLabelText('Effect'), 'harmful');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('side-effect')).toHaveTextContent('Harmful'));
    expect(api.state.rows).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Spinosad on Orius laevigatus' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Spinosad on Orius laevigatus?' });
    expect(api.state.writes.filter((w) => w.path === 'delete')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No side effects recorded yet')).toBeInTheDocument();
    expect(api.state.writes.at(-1)).toEqual({ path: 'delete', body: { company_id: '3', side_effect_id: '10' } });
  });

  it('a regular user reads the table without edit buttons, and is told who fills it in when empty', async () => {
    signInAs({ role: 'Regular' });
    server.use(...sideEffectsApi([row(4, 2, 'Teppeki', 'Aphidius colemani', 'harmless', 0)]).handlers);
    renderPage(<SideEffectsPage />, '/dashboard/side-effects');
    expect(await screen.findByTestId('side-effect')).toHaveTextContent('Teppeki → Aphidius colemaniHarmless0 days');
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add a row/ })).not.toBeInTheDocument();

    server.use(http.get(`${API}/get_beneficial_side_effects`, () => HttpResponse.json({ status: 'success', side_effects: [] })));
    signInAs({ role: 'Regular' });
    renderPage(<SideEffectsPage />, '/dashboard/side-effects');
    expect(await screen.findByText('Ask an admin to fill in the side effects of your products on your beneficials.')).toBeInTheDocument();
  });

  it('an admin with no products is sent to add them first', async () => {
    signInAs({ role: 'Admin' });
    server.use(...sideEffectsApi([], []).handlers);
    renderPage(<SideEffectsPage />, '/dashboard/side-effects');
    expect(await screen.findByText(/Add your spray products first/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to treatments' })[0]).toHaveAttribute('href', '/dashboard/treatmentProduct');
  });

  it('a failed read says so and a retry loads the table', async () => {
    signInAs({ role: 'Regular' });
    server.use(...sideEffectsApi([row(4, 2, 'Teppeki', 'Aphidius colemani', 'harmless', 0)]).handlers);
    server.use(http.get(`${API}/get_beneficial_side_effects`, () => new HttpResponse('Bad gateway', { status: 502 }), { once: true }));
    const user = userEvent.setup();
    renderPage(<SideEffectsPage />, '/dashboard/side-effects');
    await user.click(await screen.findByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByTestId('side-effect')).toHaveTextContent('Teppeki');
  });
});
