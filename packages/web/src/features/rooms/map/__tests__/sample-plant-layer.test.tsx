import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { deviceToday, isoWeekNumber, mondayOf, addDays, type RoomSamplePlant } from '@verdant/contract';
import RoomPage from '../components/room-page';
import { GridMap } from '../components/grid-map';
import { renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';
import { paths } from '../../../../lib/paths';
import { stubCanvas } from '../../__tests__/canvas-stub';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const W = mondayOf(deviceToday());

function plant(boxId: number, over: Partial<RoomSamplePlant> = {}): RoomSamplePlant {
  return {
    sample_plant_id: 500 + (boxId % 100), set_id: 40, grid_box_id: boxId, grid_id: 1, grid_name: 'Grid A', x: boxId % 100, y: 1, box_name: null,
    plant_id: null, label: `Grid A ${boxId % 100}/1`, position: 0, planting_id: 9, crop_name: 'Tomato', valid_from: addDays(W, -7), valid_to: addDays(W, 14),
    last_registration: null, ...over,
  };
}

describe('the room map\'s sample-plant layer', () => {
  it('GridMap marks the sample plants\' boxes: keyed under the map and named to screen readers', () => {
    stubCanvas();
    const grid = makeRoom({ nx: 3, ny: 2 }).grids[0]!;
    const [first] = grid.grid_boxes;
    render(<GridMap grid={grid} onOpenBox={() => {}} samplePlants={new Map([[first!.id, { label: 'Row 1 post 3' }], [999, { label: 'elsewhere' }]])} />);
    // Only the boxes of this grid count.
    expect(screen.getByTestId('sample-plant-legend')).toHaveTextContent('1 sample plant (crop registration)');
    const map = screen.getByRole('application');
    map.focus();
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    fireEvent.keyDown(map, { key: 'ArrowLeft' });
    expect(screen.getByText(/Box 1,1, sample plant Row 1 post 3/)).toBeInTheDocument();
  });

  it('GridMap without sample plants shows no key', () => {
    stubCanvas();
    render(<GridMap grid={makeRoom({ nx: 3, ny: 2 }).grids[0]!} onOpenBox={() => {}} />);
    expect(screen.queryByTestId('sample-plant-legend')).not.toBeInTheDocument();
  });

  it('the switch shows the room\'s count; on, a tapped sample plant\'s sheet shows its last registration and the way to register it', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    const room = makeRoom({ nx: 3, ny: 2 });
    const boxes = room.grids[0]!.grid_boxes;
    const measured = plant(boxes[0]!.id, {
      sample_plant_id: 77, label: 'Row 1 post 3',
      last_registration: {
        week: addDays(W, -7),
        values: [
          { type_id: 1, name: 'Stem diameter', unit: 'mm', kind: 'number', value: 10.5, out_of_range: false },
          { type_id: 2, name: 'Set truss', unit: 'truss', kind: 'truss_position', value: 13, out_of_range: false },
          { type_id: 3, name: 'Weekly growth', unit: 'cm', kind: 'number', value: 58, out_of_range: true },
        ],
        photo: { image_url: '/api/image?key=p.webp', thumb_url: '/api/image?key=p-thumb.webp' },
      },
    });
    let asked: URL | null = null;
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
      http.get(`${API}/crop_registration/room_sample_plants`, ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({ status: 'success', plants: [measured, plant(boxes[1]!.id)] });
      }),
      http.get(`${API}/image`, () => new HttpResponse(new Blob(['webp']), { headers: { 'content-type': 'image/webp' } })),
      http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
    );
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], paths.room(room.RoomID, { box: boxes[0]!.id }));

    const toggle = await screen.findByRole('switch', { name: /Sample plants \(2\)|Samples/ });
    expect(asked!.searchParams.get('room_id')).toBe(String(room.RoomID));
    expect(asked!.searchParams.get('week')).toBe(W);
    // Off by default: no markers, no key, no card on the open box.
    expect(screen.queryByTestId('sample-plant-legend')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sample-plant-card')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(screen.getByTestId('sample-plant-legend')).toHaveTextContent('2 sample plants');
    const card = await screen.findByTestId('sample-plant-card');
    expect(within(card).getByText('Sample plant Row 1 post 3')).toBeInTheDocument();
    expect(within(card).getByText(`Last registered in week ${isoWeekNumber(addDays(W, -7))}`)).toBeInTheDocument();
    expect(within(card).getByText('10.5 mm')).toBeInTheDocument();
    // A truss position in decimal notation, an out-of-range value said so.
    expect(within(card).getByText('13.0')).toBeInTheDocument();
    expect(within(card).getByText('58 cm (outside its range)')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Photo of Row 1 post 3' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Register this plant' })).toHaveAttribute('href', paths.cropWalkPlant(9, 77));

    await userEvent.click(toggle);
    expect(screen.queryByTestId('sample-plant-card')).not.toBeInTheDocument();
  });

  it('a room without sample plants shows no switch', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    const room = makeRoom({ nx: 3, ny: 2 });
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
      http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
    );
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], paths.room(room.RoomID));
    await screen.findByRole('application');
    expect(screen.queryByRole('switch', { name: /Sample plants|Samples/ })).not.toBeInTheDocument();
  });
});
