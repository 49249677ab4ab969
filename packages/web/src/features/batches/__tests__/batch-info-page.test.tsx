import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import BatchInfoPage from '../components/batch-info-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { BUILT_IN, makeBatch } from './fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function api() {
  let batch = makeBatch({ BatchStatus: 'Ready' });
  const harvests: Array<Record<string, string>> = [];
  const ok = (body: object) => HttpResponse.json({ status: 'success', ...body });
  server.use(
    http.get(`${API}/batch_qr_info/:id`, () => ok({ batch, rooms: [{ RoomID: 11, Name: 'Bay 1', linked_at: '2026-01-06T00:00:00Z' }], target_url: 'http://x/dashboard/batch-info/1' })),
    http.get(`${API}/get_rooms_by_batch`, () => ok({ data: [{ RoomID: 11, Name: 'Bay 1', linked_at: '2026-01-06T00:00:00Z' }] })),
    http.get(`${API}/get_custom_batch_statuses`, () => ok({ custom_statuses: [], built_in_statuses: BUILT_IN })),
    http.get(`${API}/load_room_grids_boxes`, () => ok({ rooms: [] })),
    http.get(`${API}/get_all_plants_linked_to_batch`, () => ok({ batch_id: 1, harvested: batch.Harvested, total_count: 0, plants: [] })),
    http.get(`${API}/get_batch_problems`, () => ok({ problems: [] })),
    http.get(`${API}/get_batch_form_responses`, () => ok({ responses: [] })),
    http.post(`${API}/get_batch_history_by_room`, () => ok({ room_id: 11, history: [] })),
    http.get(`${API}/get_batch_dashboard`, () =>
      ok({
        batch_details: {
          batch, start_date: '2026-01-05', end_date: '2026-03-01',
          plant_counts: { number_of_plants: 100, pre_books: 10, linked_plants: 0, rooms: 1, grids: 0, grid_boxes: 0 },
          status_timeline: [{ from_status: 'Flowering', to_status: 'Ready', changed_by: 7, changed_at: '2026-02-20T10:00:00Z' }],
          problems_over_time: [], treatments: [], form_responses_per_week: [],
        },
      }),
    ),
    http.post(`${API}/harvest_batch`, ({ request }) => {
      harvests.push(Object.fromEntries(new URL(request.url).searchParams));
      batch = { ...batch, Harvested: true, BatchStatus: 'Harvested', HarvestedAt: '2026-03-01T09:00:00Z', HarvestedBy: 7, HarvestWetWeight: 12.5, HarvestUnit: 'kg' };
      return ok({ message: 'Batch harvested.', batch });
    }),
  );
  return { harvests };
}

describe('BatchInfoPage', () => {
  it('harvests after confirmation with the weights, then shows the batch read-only', async () => {
    signInAs({ companyId: 3, userId: 7 });
    const { harvests } = api();
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/batch-info/:batchId', element: <BatchInfoPage /> }], '/dashboard/batch-info/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Batch B-001' })).toBeInTheDocument();
    expect(await screen.findByText('Status changed from Flowering to Ready')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Harvest' }));
    const dialog = screen.getByRole('dialog', { name: 'Harvest batch B-001?' });
    await user.type(within(dialog).getByLabelText('Wet weight (optional)'), '12.5');
    expect(harvests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Harvest batch' }));
    await waitFor(() => expect(harvests).toHaveLength(1));
    expect(harvests[0]).toEqual({ batch_id: '1', company_id: '3', user_id: '7', wet_weight: '12.5', unit: 'kg' });

    expect((await screen.findAllByText('Harvested — read-only')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('This batch has been harvested; its status and links can no longer change.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Harvest' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change status' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move to another room' })).toBeDisabled();
    expect(screen.getByText('12.5 kg')).toBeInTheDocument();
  });
});
