import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import RoomPage from '../components/room-page';
import { renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';
import { paths } from '../../../../lib/paths';
import { readLastPlace } from '../../../../lib/last-place';
import { stubCanvas } from '../../__tests__/canvas-stub';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

function roomApi() {
  const room = makeRoom();
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
  );
  return room;
}

/** Where box X, Y's centre is on the map's canvas, from the map's own geometry attributes. */
function centreOf(map: HTMLElement, x: number, y: number) {
  const [ox, oy] = (map.dataset.boxOrigin ?? '').split(',').map(Number) as [number, number];
  const pitch = Number(map.dataset.boxPitch);
  const cell = Number(map.dataset.cell);
  return { clientX: ox + (x - 1) * pitch + cell / 2, clientY: oy + (y - 1) * pitch + cell / 2 };
}

describe('the room map and quick observation', () => {
  it('a tapped box becomes the quick-observation place of this user in this company', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    roomApi();
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], paths.room(11));
    const map = await screen.findByRole('application', { name: 'Grid A, 10 columns by 20 rows' });
    expect(readLastPlace(3, 7)).toBeNull();

    fireEvent.click(map.querySelectorAll('canvas')[1]!, centreOf(map, 2, 1));
    expect(await screen.findByRole('complementary', { name: 'Grid box' })).toBeInTheDocument();
    expect(readLastPlace(3, 7)).toMatchObject({ kind: 'box', id: 2_100_002, label: 'Mother A · Bay 1 › Grid A' });
    expect(localStorage.getItem('verdant.lastPlace.3.7')).not.toBeNull();

    // An unnamed box is named by its position; the latest tap wins.
    fireEvent.click(map.querySelectorAll('canvas')[1]!, centreOf(map, 5, 4));
    expect(readLastPlace(3, 7)).toMatchObject({ kind: 'box', id: 2_100_035, label: '5,4 · Bay 1 › Grid A' });
  });

  it('boxes picked in "Select boxes" mode do not change the place', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    roomApi();
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], paths.room(11));
    const map = await screen.findByRole('application', { name: 'Grid A, 10 columns by 20 rows' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select boxes' }));
    fireEvent.click(map.querySelectorAll('canvas')[1]!, centreOf(map, 2, 1));
    expect(screen.getByText('1 box selected')).toBeInTheDocument();
    expect(readLastPlace(3, 7)).toBeNull();
  });
});
