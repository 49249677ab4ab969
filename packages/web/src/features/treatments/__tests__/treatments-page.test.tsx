import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { EMPTY_PRODUCT_REGISTER, sprayProductsMessages, treatmentsMessages, type SprayProduct, type Treatment } from '@verdant/contract';
import TreatmentsPage from '../components/treatments-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const at = '2026-11-20T10:00:00.000Z';
const product = (product_id: number, name: string, reentry: number | null, preharvest: number | null): SprayProduct => ({
  product_id, name, details: null, reentry_interval_hours: reentry, preharvest_interval_days: preharvest, company_id: 3, created_at: at, updated_at: at, ...EMPTY_PRODUCT_REGISTER,
});

/** A small treatments API over in-memory lists, changing them as the server would, and recording each write. */
function treatmentsApi(products: SprayProduct[] = [product(1, 'Spinosad', 12, 3)], treatments: Treatment[] = []) {
  const state = { products: [...products], treatments: [...treatments], writes: [] as Array<{ path: string; body: unknown; query: string }> };
  const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
  const handlers = [
    http.get(`${API}/get_product_details`, () => HttpResponse.json({ status: 'success', products: state.products })),
    http.get(`${API}/get_all_treatment`, () => HttpResponse.json({ status: 'success', treatments: state.treatments })),
    http.get(`${API}/crops`, () => HttpResponse.json({ status: 'success', crops: [{ crop_id: 1, name: 'Tomato', eppo_code: 'LYPES', batch_count: 0 }] })),
    http.post(`${API}/add_spray_product`, async ({ request }) => {
      const form = await request.formData();
      const f = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      const label = form.get('label');
      state.writes.push({ path: 'add_spray_product', body: label ? { ...f, label: (label as File).name } : f, query: new URL(request.url).search });
      const made: SprayProduct = {
        ...product(state.products.length + 10, f.name!, num(f.reentry_interval_hours), num(f.preharvest_interval_days)), details: f.details || null,
        authorisation_number: f.authorisation_number || null, authorisation_country: f.authorisation_country || null,
        product_type: (f.product_type || null) as SprayProduct['product_type'], unit: (f.unit || null) as SprayProduct['unit'],
        active_substances: JSON.parse(f.active_substances ?? '[]'), authorised_crops: JSON.parse(f.authorised_crops ?? '[]'),
        label_filename: label ? (label as File).name : null,
      };
      state.products.push(made);
      return HttpResponse.json({ status: 'success', message: sprayProductsMessages.added, product: made });
    }),
    http.delete(`${API}/delete_product`, async ({ request }) => {
      const body = (await request.json()) as { product_id: number; company_id: number };
      state.writes.push({ path: 'delete_product', body, query: '' });
      state.products = state.products.filter((p) => p.product_id !== body.product_id);
      return HttpResponse.json({ status: 'success', message: sprayProductsMessages.deleted, product_id: body.product_id });
    }),
    http.post(`${API}/create_treatment`, async ({ request }) => {
      const body = (await request.json()) as { treatment_type: Treatment['treatment_type']; data: { product_id: number; sub_type: string; notes: string } };
      state.writes.push({ path: 'create_treatment', body, query: '' });
      const p = state.products.find((x) => x.product_id === body.data.product_id)!;
      const made: Treatment = {
        treatment_id: state.treatments.length + 1, treatment_type: body.treatment_type, sub_type: body.data.sub_type || null, notes: body.data.notes || null,
        product_id: p.product_id, product_name: p.name, company_id: 3, is_deleted: false, created_at: at, updated_at: at,
      };
      state.treatments.push(made);
      return HttpResponse.json({ status: 'success', message: treatmentsMessages.created, treatment: made });
    }),
    http.patch(`${API}/delete_treatment`, async ({ request }) => {
      const body = (await request.json()) as { treatment_type: string; product_id: number };
      state.writes.push({ path: 'delete_treatment', body, query: '' });
      const tr = state.treatments.find((x) => x.product_id === body.product_id && x.treatment_type === body.treatment_type)!;
      tr.is_deleted = !tr.is_deleted;
      return HttpResponse.json({ status: 'success', message: tr.is_deleted ? treatmentsMessages.deleted : treatmentsMessages.restored, treatment: tr });
    }),
  ];
  return { state, handlers };
}

describe('TreatmentsPage', () => {
  it('shows empty states that say what to do next, and the way to apply a product from the room map', async () => {
    signInAs({ role: 'Regular' });
    server.use(...treatmentsApi([], []).handlers);
    renderPage(<TreatmentsPage />);
    expect(await screen.findByText('No spray products yet')).toBeInTheDocument();
    expect(screen.getByText('An admin of your company adds the spray products.')).toBeInTheDocument();
    expect(await screen.findByText('No treatments yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the rooms' })).toHaveAttribute('href', '/dashboard/rooms');
    expect(screen.getByRole('link', { name: 'Side effects on beneficials' })).toHaveAttribute('href', '/dashboard/side-effects');
    // A regular user reads the lists; no add buttons.
    expect(screen.queryByRole('button', { name: 'Add a product' })).not.toBeInTheDocument();
  });

  it('lists products with their intervals; an admin adds one (multipart, company in the query) with a checked interval', async () => {
    signInAs({ role: 'Admin' });
    const api = treatmentsApi();
    server.use(...api.handlers);
    renderPage(<TreatmentsPage />);
    const row = await screen.findByTestId('spray-product');
    expect(row).toHaveTextContent('Spinosad');
    expect(row).toHaveTextContent('Re-entry 12 hours');
    expect(row).toHaveTextContent('Pre-harvest 3 days');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a spray product' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Abamectin');
    await user.type(within(dialog).getByLabelText('Re-entry interval (hours)'), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add a product' }));
    expect(within(dialog).getByText('Enter a whole number of 0 or more, or leave it blank.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Re-entry interval (hours)'));
    await user.type(within(dialog).getByLabelText('Re-entry interval (hours)'), '48');
    await user.click(within(dialog).getByRole('button', { name: 'Add a product' }));
    await waitFor(() => expect(screen.getAllByTestId('spray-product')).toHaveLength(2));
    expect(api.state.writes[0]).toMatchObject({
      path: 'add_spray_product',
      query: '?company_id=3',
      body: { name: 'Abamectin', details: '', reentry_interval_hours: '48', preharvest_interval_days: '', unit: '', active_substances: '[]', authorised_crops: '[]' },
    });
    expect(screen.getAllByTestId('spray-product')[1]).toHaveTextContent('No pre-harvest interval');
  });

  it('asks before deleting a product and says what is kept', async () => {
    signInAs({ role: 'Admin' });
    const api = treatmentsApi();
    server.use(...api.handlers);
    renderPage(<TreatmentsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Spinosad' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Spinosad?' });
    expect(confirm).toHaveTextContent('Past applications keep naming it');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.state.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Spinosad' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Spinosad?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No spray products yet')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: 'delete_product', body: { company_id: 3, product_id: 1 }, query: '' }]);
  });

  it('adds a treatment (biological by default), deletes it after confirming, and restores it with the same PATCH toggle', async () => {
    signInAs({ role: 'Admin' });
    const api = treatmentsApi();
    server.use(...api.handlers);
    renderPage(<TreatmentsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a treatment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a treatment' });
    expect(within(dialog).getByLabelText('Type')).toHaveValue('biological');
    await user.selectOptions(within(dialog).getByLabelText(/^Product/), 'Spinosad');
    await user.type(within(dialog).getByLabelText('Sub-type'), 'spot spray');
    await user.click(within(dialog).getByRole('button', { name: 'Add the treatment' }));
    const row = await screen.findByTestId('treatment');
    expect(row).toHaveTextContent('Spinosad');
    expect(row).toHaveTextContent('Biological');
    expect(row).toHaveTextContent('spot spray');
    expect(api.state.writes[0]).toMatchObject({ path: 'create_treatment', body: { treatment_type: 'biological', company_id: 3, data: { product_id: 1, sub_type: 'spot spray', notes: '' } } });

    await user.click(within(row).getByRole('button', { name: 'Delete the treatment of Spinosad' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete the treatment of Spinosad?' })).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByTestId('treatment')).findByText('Deleted')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('treatment')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(within(screen.getByTestId('treatment')).queryByText('Deleted')).not.toBeInTheDocument());
    expect(api.state.writes.slice(1).map((w) => [w.path, w.body])).toEqual([
      ['delete_treatment', { treatment_type: 'biological', company_id: 3, product_id: 1 }],
      ['delete_treatment', { treatment_type: 'biological', company_id: 3, product_id: 1 }],
    ]);
  });

  it('adds a product with its register fields and label; checks EPPO codes and BBCH stages before sending', async () => {
    signInAs({ role: 'Admin' });
    const api = treatmentsApi([]);
    server.use(...api.handlers);
    renderPage(<TreatmentsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a spray product' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Spruzit');
    await user.type(within(dialog).getByLabelText('Authorisation number'), '12345 N');
    await user.type(within(dialog).getByLabelText(/^Country/), 'NL');
    await user.selectOptions(within(dialog).getByLabelText('Product type'), 'chemical');
    await user.selectOptions(within(dialog).getByLabelText(/^Unit/), 'L');
    await user.click(within(dialog).getByRole('button', { name: 'Add a substance' }));
    await user.type(within(dialog).getByLabelText('Substance'), 'Pyrethrins');
    await user.type(within(dialog).getByLabelText('Concentration'), '4.59');
    await user.click(within(dialog).getByRole('button', { name: 'Add a crop' }));
    await user.type(within(dialog).getByLabelText('EPPO code'), 'TOM');
    await user.type(within(dialog).getByLabelText('BBCH from'), '60');
    await user.type(within(dialog).getByLabelText('BBCH to'), '20');
    await user.upload(within(dialog).getByLabelText('Label (PDF)'), new File(['%PDF-1.4'], 'spruzit.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a product' }));
    expect(within(dialog).getByText('Enter 5 or 6 capital letters or digits, e.g. LYPES.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([]);

    await user.clear(within(dialog).getByLabelText('EPPO code'));
    await user.type(within(dialog).getByLabelText('EPPO code'), 'lypes');
    await user.click(within(dialog).getByRole('button', { name: 'Add a product' }));
    expect(within(dialog).getByText('"BBCH to" must not be below "BBCH from".')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('BBCH to'));
    await user.type(within(dialog).getByLabelText('BBCH to'), '89');
    await user.click(within(dialog).getByRole('button', { name: 'Add a product' }));

    const row = await screen.findByTestId('spray-product');
    // The label travels as a file part (its name is the browser's to send: jsdom's File reaches the test's FormData as a plain blob).
    expect(api.state.writes[0]!.body).toMatchObject({
      name: 'Spruzit', authorisation_number: '12345 N', authorisation_country: 'NL', product_type: 'chemical', unit: 'L', label: expect.any(String),
      active_substances: JSON.stringify([{ name: 'Pyrethrins', concentration: 4.59, concentration_unit: null }]),
      authorised_crops: JSON.stringify([{ eppo_code: 'LYPES', bbch_min: 60, bbch_max: 89 }]),
    });
    expect(row).toHaveTextContent('Chemical');
    expect(row).toHaveTextContent('Auth. 12345 N NL');
    expect(row).toHaveTextContent('Authorised on: LYPES (BBCH 60–89)');
    expect(within(row).getByRole('button', { name: 'Open the label of Spruzit' })).toBeInTheDocument();
  });
});
