import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, deviceToday, mondayOf, type RoomSamplePlant } from '@verdant/contract';
import LabelsPage from '../components/labels-page';
import { emptySelection, labelItems } from '../lib/label-items';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';
import { paths } from '../../../lib/paths';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const W = mondayOf(deviceToday());
const plant = (id: number, x: number, label: string): RoomSamplePlant => ({
  sample_plant_id: id, set_id: 4, grid_box_id: 2_100_000 + x, grid_id: 21, grid_name: 'Grid A', x, y: 2, box_name: null, plant_id: null, label,
  position: id, planting_id: 9, crop_name: 'Tomato', valid_from: W, valid_to: addDays(W, 21), last_registration: null,
});
const PLANTS = [plant(31, 1, 'Row 1 post 3'), plant(32, 3, 'Grid A 3/2')];

describe('sample plant labels', () => {
  it('labelItems puts the chosen sample plants last, in walking order, each opening its registration', () => {
    const sel = { ...emptySelection(), samplePlants: new Set([32, 31, 99]) };
    const items = labelItems([], [], sel, PLANTS);
    expect(items).toEqual([
      { kind: 'sample_plant', id: 31, name: 'Row 1 post 3', where: 'Tomato › Grid A', position: { x: 1, y: 2 }, link: paths.cropWalkPlant(9, 31) },
      { kind: 'sample_plant', id: 32, name: 'Grid A 3/2', where: 'Tomato › Grid A', position: { x: 3, y: 2 }, link: paths.cropWalkPlant(9, 32) },
    ]);
    expect(labelItems([], [], emptySelection(), PLANTS)).toEqual([]);
  });

  it('opened from a room, lists its sample plants; ticking all prints one label each with a QR code of the plant\'s registration', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const room = makeRoom({ nx: 4, ny: 3 });
    let asked: URL | null = null;
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
      http.get(`${API}/get_all_trays`, () => HttpResponse.json({ status: 'success', trays: [] })),
      http.get(`${API}/crop_registration/room_sample_plants`, ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({ status: 'success', plants: PLANTS });
      }),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/labels', element: <LabelsPage /> }], `/dashboard/labels?room=${room.RoomID}`);
    const card = (await screen.findByRole('heading', { name: 'Sample plants' })).closest('section')!;
    const all = await within(card).findByRole('checkbox', { name: 'All 2 sample plants (0 chosen)' });
    expect(asked!.searchParams.get('room_id')).toBe(String(room.RoomID));
    expect(asked!.searchParams.get('week')).toBe(W);
    // The room page's room label and grid labels are ticked too; untick them to see the sample plants alone.
    const before = Number((screen.getByRole('button', { name: /^Print \d+ labels?$/ }).textContent ?? '').replace(/\D/g, ''));
    await user.click(all);
    expect(await screen.findByRole('button', { name: `Print ${before + 2} labels` })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'All 2 sample plants (2 chosen)' })).toBeChecked();

    const labels = screen.getAllByTestId('label').filter((el) => !el.closest('.label-print'));
    const row = labels.find((l) => within(l).queryByText('Row 1 post 3'))!;
    expect(within(row).getByText('Sample plant')).toBeInTheDocument();
    expect(within(row).getByText('Tomato › Grid A')).toBeInTheDocument();
    expect(within(row).getByText('X 1 · Y 2')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('img', { name: 'QR code of Row 1 post 3' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/)));

    await user.click(within(card).getByRole('checkbox', { name: /Grid A 3\/2/ }));
    expect(await screen.findByRole('button', { name: `Print ${before + 1} labels` })).toBeInTheDocument();
  });

  it('a room without sample plants this week says so', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const room = makeRoom({ nx: 2, ny: 2 });
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
      http.get(`${API}/get_all_trays`, () => HttpResponse.json({ status: 'success', trays: [] })),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/labels', element: <LabelsPage /> }], '/dashboard/labels');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Room' }), String(room.RoomID));
    expect(await screen.findByText('No sample plants in this room this week.')).toBeInTheDocument();
  });
});
