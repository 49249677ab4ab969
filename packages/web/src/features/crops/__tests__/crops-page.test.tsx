import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { cropsMessages, type Crop } from '@verdant/contract';
import CropsPage from '../components/crops-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The crops API over a list, refusing to delete a crop batches use as the server does; each write recorded. */
function cropsApi(crops: Crop[]) {
  const state = { crops: [...crops], writes: [] as Array<{ path: string; body: unknown }> };
  server.use(
    http.get(`${API}/crops`, () => HttpResponse.json({ status: 'success', crops: state.crops })),
    http.post(`${API}/crops/save`, async ({ request }) => {
      const body = (await request.json()) as { name: string; eppo_code: string };
      state.writes.push({ path: 'save', body });
      const crop = { crop_id: 99, name: body.name, eppo_code: body.eppo_code, batch_count: 0 };
      state.crops.push(crop);
      return HttpResponse.json({ status: 'success', message: cropsMessages.saved, crop });
    }),
    http.delete(`${API}/crops/delete`, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('crop_id'));
      state.writes.push({ path: 'delete', body: id });
      const crop = state.crops.find((c) => c.crop_id === id)!;
      if (crop.batch_count > 0) return HttpResponse.json({ status: 'error', error: 'conflict', message: cropsMessages.inUse(crop.batch_count), field: 'crop_id' }, { status: 409 });
      state.crops = state.crops.filter((c) => c.crop_id !== id);
      return HttpResponse.json({ status: 'success', message: cropsMessages.deleted, crop_id: id });
    }),
  );
  return state;
}

describe('CropsPage', () => {
  it('lists crops with their EPPO codes; an admin adds one, its code checked before sending', async () => {
    signInAs({ role: 'Admin' });
    const api = cropsApi([{ crop_id: 1, name: 'Tomato', eppo_code: 'LYPES', batch_count: 2 }]);
    renderPage(<CropsPage />);
    const row = await screen.findByTestId('crop');
    expect(row).toHaveTextContent('Tomato');
    expect(row).toHaveTextContent('LYPES');
    expect(row).toHaveTextContent('2 batches');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a crop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a crop' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Cucumber');
    await user.type(within(dialog).getByLabelText(/^EPPO code/), 'CUC');
    await user.click(within(dialog).getByRole('button', { name: 'Add the crop' }));
    expect(within(dialog).getByText('Enter 5 or 6 capital letters or digits, e.g. LYPES.')).toBeInTheDocument();
    expect(api.writes).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^EPPO code/), 'sa');
    await user.click(within(dialog).getByRole('button', { name: 'Add the crop' }));
    await waitFor(() => expect(screen.getAllByTestId('crop')).toHaveLength(2));
    expect(api.writes).toEqual([{ path: 'save', body: { name: 'Cucumber', eppo_code: 'CUCSA' } }]);
  });

  it('warns before deleting a crop in use and shows the server’s refusal', async () => {
    signInAs({ role: 'Admin' });
    cropsApi([{ crop_id: 1, name: 'Tomato', eppo_code: 'LYPES', batch_count: 1 }]);
    renderPage(<CropsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tomato' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Tomato?' });
    expect(confirm).toHaveTextContent('1 batch grows this crop');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(cropsMessages.inUse(1))).toBeInTheDocument();
    expect(screen.getByTestId('crop')).toHaveTextContent('Tomato');
  });

  it('reads without changing for a regular user, and says what to do when empty', async () => {
    signInAs({ role: 'Regular' });
    cropsApi([]);
    renderPage(<CropsPage />);
    expect(await screen.findByText('An admin of your company adds the crops.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a crop' })).not.toBeInTheDocument();
  });
});
