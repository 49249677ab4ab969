import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, cropRegistrationMessages, deviceToday, mondayOf, type CropPlanting, type SampleSet } from '@verdant/contract';
import SamplePlantsPage from '../components/sample-plants-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => signInAs({ role: 'Admin', companyId: 3 }));

const week = mondayOf(deviceToday());
const room = makeRoom({ roomId: 11, gridId: 21, nx: 3, ny: 1, name: 'Bay 1' });
const planting: CropPlanting = {
  planting_id: 5, room_id: 11, room_name: 'Bay 1', crop_id: 1, crop_name: 'Tomato', eppo_code: 'LYPES', batch_id: null, batch_number: null,
  area_m2: 1000, stems_per_m2: 3.5, start_week: addDays(week, -14), end_week: null, rotation_weeks: 4,
};
const running: SampleSet = {
  set_id: 8, planting_id: 5, room_id: 11, valid_from: addDays(week, -14), valid_to: addDays(week, 7),
  plants: [{ sample_plant_id: 81, set_id: 8, grid_box_id: 2_100_001, grid_id: 21, grid_name: 'Grid A', x: 1, y: 1, box_name: null, plant_id: null, label: 'Grid A 1/1', position: 1 }],
};

function setsApi() {
  const saved: unknown[] = [];
  server.use(
    http.get(`${API}/crop_registration/plantings`, () => HttpResponse.json({ status: 'success', plantings: [planting] })),
    http.get(`${API}/crop_registration/sample_sets`, () => HttpResponse.json({ status: 'success', sets: [running] })),
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.post(`${API}/crop_registration/sample_sets/save`, async ({ request }) => {
      const body = (await request.json()) as { plants: unknown[] };
      saved.push(body);
      return HttpResponse.json({ status: 'success', message: cropRegistrationMessages.setSaved, set: { ...running, set_id: 9, plants: body.plants.map(() => running.plants[0]) } });
    }),
  );
  return saved;
}

describe('sample plants', () => {
  it('shows the running set and the rotation rule; the next set is chosen per grid box in walking order from the week it is due', async () => {
    const saved = setsApi();
    const user = userEvent.setup();
    renderPage(<SamplePlantsPage />);
    const sets = (await screen.findByRole('heading', { name: 'Sample plants · Bay 1 · Tomato' })).closest('section')!;
    expect(sets).toHaveTextContent('Rotation rule: a new set every 4 weeks');
    expect(await within(sets).findByRole('list', { name: /^Sample plants from week/ })).toHaveTextContent('Grid A 1/1');
    expect(sets).toHaveTextContent('Measured now');

    await user.click(within(sets).getByRole('button', { name: 'Choose new sample plants' }));
    const chooser = (await screen.findByRole('heading', { name: 'Choose the sample plants' })).closest('section')!;
    await user.click(within(chooser).getByRole('button', { name: 'Save sample plants' }));
    expect(within(chooser).getByText('Choose at least one grid box.')).toBeInTheDocument();
    await user.click(within(chooser).getByRole('button', { name: 'Grid A box 3/1' }));
    await user.click(within(chooser).getByRole('button', { name: 'Grid A box Mother A' }));
    expect(within(chooser).getByText('2 chosen')).toBeInTheDocument();
    await user.click(within(chooser).getByRole('button', { name: 'Save sample plants' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ planting_id: 5, valid_from: addDays(week, 14), plants: [{ grid_box_id: 2_100_003 }, { grid_box_id: 2_100_002 }] });
  });
});
