import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { cropRegistrationMessages, type MeasurementType } from '@verdant/contract';
import MeasurementTypesPage from '../components/measurement-types-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => signInAs({ role: 'Admin', companyId: 3 }));

const truss: MeasurementType = {
  type_id: 21, crop_id: 1, name: 'Set truss', unit: 'truss', min: 0, max: 99.9, decimals: 1, how_to_measure: 'The truss setting now: 15.4.',
  kind: 'truss_position', measure: 'set_truss', position: 1, is_default: true,
};

/** The crops and types calls over a list; each write recorded. */
function typesApi() {
  const state = { types: [truss], writes: [] as Array<{ path: string; body: unknown }> };
  server.use(
    http.get(`${API}/crops`, () => HttpResponse.json({ status: 'success', crops: [{ crop_id: 1, name: 'Tomato', eppo_code: 'LYPES', batch_count: 0 }] })),
    http.get(`${API}/crop_registration/measurement_types`, () => HttpResponse.json({ status: 'success', types: state.types })),
    http.post(`${API}/crop_registration/measurement_types/save`, async ({ request }) => {
      const body = (await request.json()) as Omit<MeasurementType, 'type_id'>;
      state.writes.push({ path: 'save', body });
      const type = { ...truss, ...body, type_id: 30, position: 2, is_default: false };
      state.types = [...state.types, type];
      return HttpResponse.json({ status: 'success', message: cropRegistrationMessages.typeSaved, type });
    }),
    http.delete(`${API}/crop_registration/measurement_types/delete`, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('type_id'));
      state.writes.push({ path: 'delete', body: id });
      state.types = state.types.filter((t) => t.type_id !== id);
      return HttpResponse.json({ status: 'success', message: cropRegistrationMessages.typeDeleted, type_id: id });
    }),
  );
  return state;
}

describe('measurement types', () => {
  it("lists a crop's types with range and how to measure; an admin adds a custom one, checked by the contract first", async () => {
    const api = typesApi();
    const user = userEvent.setup();
    renderPage(<MeasurementTypesPage />);
    const row = (await screen.findByText('Set truss', { selector: 'th' })).closest('tr')!;
    expect(row).toHaveTextContent('Truss position (17.2)');
    expect(row).toHaveTextContent('0 – 99.9');
    expect(row).toHaveTextContent('The truss setting now: 15.4.');

    await user.click(screen.getByRole('button', { name: 'Add a custom type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New measurement type' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Leaf length');
    await user.type(within(dialog).getByLabelText('Unit'), 'cm');
    await user.clear(within(dialog).getByLabelText(/^Minimum/));
    await user.type(within(dialog).getByLabelText(/^Minimum/), '50');
    await user.type(within(dialog).getByLabelText(/^Maximum/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('The minimum must not be above the maximum.')).toBeInTheDocument();
    expect(api.writes).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/^Minimum/));
    await user.type(within(dialog).getByLabelText(/^Minimum/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]!.body).toMatchObject({ crop_id: 1, name: 'Leaf length', unit: 'cm', min: 0, max: 10, decimals: 0, kind: 'number' });
    expect(await screen.findByText('Leaf length', { selector: 'th' })).toBeInTheDocument();
  });

  it('removes a type only after confirming', async () => {
    const api = typesApi();
    const user = userEvent.setup();
    renderPage(<MeasurementTypesPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Set truss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this measurement type?' });
    expect(api.writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.writes).toEqual([{ path: 'delete', body: 21 }]));
  });

  it('a grower reads the types without the buttons to change them', async () => {
    signInAs({ role: 'Regular', companyId: 3 });
    typesApi();
    renderPage(<MeasurementTypesPage />);
    expect(await screen.findByText('Set truss', { selector: 'th' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a custom type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Set truss' })).not.toBeInTheDocument();
  });
});
