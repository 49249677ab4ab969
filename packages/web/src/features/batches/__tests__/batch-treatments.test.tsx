import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, utcDate, type BatchTreatment } from '@verdant/contract';
import BatchInfoPage from '../components/batch-info-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { BUILT_IN, makeBatch } from './fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const day = (offset: number) => addDays(utcDate(), offset);
const running: BatchTreatment = {
  application_id: 8, date: day(-1), product: 'Spinosad', quantity: 2.5, grid_boxes: 3,
  reentry_until: new Date(Date.now() + 3_600_000).toISOString(), preharvest_until: day(5),
};
const ended: BatchTreatment = { application_id: 4, date: day(-40), product: 'Neem oil', quantity: 1, grid_boxes: 1, reentry_until: null, preharvest_until: day(-30) };

function api() {
  let batch = makeBatch({ BatchStatus: 'Ready' });
  const dashboards: string[] = [];
  const harvests: string[] = [];
  const ok = (body: object) => HttpResponse.json({ status: 'success', ...body });
  server.use(
    http.get(`${API}/batch_qr_info/:id`, () => ok({ batch, rooms: [], target_url: 'http://x/dashboard/batch-info/1' })),
    http.get(`${API}/get_rooms_by_batch`, () => ok({ data: [] })),
    http.get(`${API}/get_custom_batch_statuses`, () => ok({ custom_statuses: [], built_in_statuses: BUILT_IN })),
    http.get(`${API}/load_room_grids_boxes`, () => ok({ rooms: [] })),
    http.get(`${API}/get_all_plants_linked_to_batch`, () => ok({ batch_id: 1, harvested: batch.Harvested, total_count: 0, plants: [] })),
    http.get(`${API}/get_batch_problems`, () => ok({ problems: [] })),
    http.get(`${API}/get_batch_form_responses`, () => ok({ responses: [] })),
    http.get(`${API}/get_batch_dashboard`, ({ request }) => {
      dashboards.push(new URL(request.url).search);
      return ok({
        batch_details: {
          batch, start_date: day(-60), end_date: day(0),
          plant_counts: { number_of_plants: 100, pre_books: 10, linked_plants: 0, rooms: 1, grids: 0, grid_boxes: 3 },
          status_timeline: [], problems_over_time: [], treatments: [running, ended], form_responses_per_week: [],
        },
      });
    }),
    http.post(`${API}/harvest_batch`, ({ request }) => {
      harvests.push(new URL(request.url).search);
      batch = { ...batch, Harvested: true, BatchStatus: 'Harvested', HarvestedAt: new Date().toISOString(), HarvestedBy: 7 };
      return ok({
        message: 'Batch harvested.', batch,
        preharvest_warnings: [{ application_id: 8, product: 'Spinosad', date: running.date, preharvest_until: running.preharvest_until, grid_boxes: 3 }],
      });
    }),
  );
  return { dashboards, harvests };
}

describe('batch treatments', () => {
  it('lists the applications on the batch with the intervals still running; inside one an Admin harvests only with a reason', async () => {
    signInAs({ companyId: 3, userId: 7 });
    const calls = api();
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/batch-info/:batchId', element: <BatchInfoPage /> }], '/dashboard/batch-info/1');
    const rows = await screen.findAllByTestId('batch-treatment');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Spinosad.*quantity 2\.5 · 3 boxes of this batch.*No entry until.*No harvest before/),
      expect.stringMatching(/^Neem oil.*quantity 1 · 1 box of this batch$/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Harvest' }));
    const dialog = screen.getByRole('dialog', { name: 'Harvest batch B-001?' });
    const warning = await within(dialog).findByTestId('preharvest-warning');
    expect(warning).toHaveTextContent('Inside a pre-harvest interval');
    expect(warning).toHaveTextContent(/Spinosad, sprayed .*: no harvest before/);
    expect(warning).not.toHaveTextContent('Neem oil');
    // The check reads every application that can still be running: a year back at most.
    expect(calls.dashboards.some((q) => q.includes(`start_date=${day(-365)}`))).toBe(true);

    // Inside the interval the server refuses a harvest (issue 22); an Admin harvests anyway with a reason, audited there.
    const anyway = within(dialog).getByRole('button', { name: 'Harvest anyway' });
    expect(anyway).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^Reason for harvesting inside the interval/), 'Crop destroyed: virus');
    await user.click(anyway);
    await waitFor(() => expect(calls.harvests).toHaveLength(1));
    expect(new URLSearchParams(calls.harvests[0]).get('preharvest_override_reason')).toBe('Crop destroyed: virus');
    expect(await screen.findByText('Batch B-001 harvested inside the pre-harvest interval of Spinosad. This is recorded with the harvest.')).toBeInTheDocument();
  });

  it('a Regular user cannot harvest inside an interval and is told to ask an Admin', async () => {
    signInAs({ companyId: 3, userId: 7, role: 'Regular' });
    const calls = api();
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/batch-info/:batchId', element: <BatchInfoPage /> }], '/dashboard/batch-info/1');
    await screen.findAllByTestId('batch-treatment');
    await user.click(screen.getByRole('button', { name: 'Harvest' }));
    const dialog = screen.getByRole('dialog', { name: 'Harvest batch B-001?' });
    expect(await within(dialog).findByTestId('preharvest-warning')).toHaveTextContent('ask an Admin to override it with a reason');
    expect(within(dialog).queryByLabelText(/^Reason for harvesting/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Harvest anyway' })).toBeDisabled();
    expect(calls.harvests).toEqual([]);
  });
});
