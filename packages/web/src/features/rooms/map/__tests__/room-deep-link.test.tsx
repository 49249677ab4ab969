import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import RoomPage from '../components/room-page';
import { renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';
import { paths } from '../../../../lib/paths';
import { stubCanvas } from '../../__tests__/canvas-stub';
import { FOCUS_CELL } from '../components/use-map-view';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A 100 × 100 room (fitted, its boxes are a few pixels wide); reads this test does not care about answer 404. */
function bigRoomApi() {
  const room = makeRoom({ nx: 100, ny: 100 });
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
  );
  return room;
}

const inRange = (value: string | undefined, n: number) => {
  const [lo, hi] = (value ?? '').split('-').map(Number) as [number, number];
  return n >= lo && n <= hi;
};

describe('a link to one box of the room map', () => {
  it('opens that box\'s sheet and zooms its grid onto it (paths.room(roomId, { box }))', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    const room = bigRoomApi();
    const box = room.grids[0]!.grid_boxes.find((b) => b.X === 80 && b.Y === 70)!;
    expect(paths.room(11, { box: box.id })).toBe(`/dashboard/rooms/11?box=${box.id}`);
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], paths.room(11, { box: box.id }));

    const sheet = await screen.findByRole('complementary', { name: 'Grid box' });
    expect(within(sheet).getByRole('heading', { level: 2, name: '80,70' })).toBeInTheDocument();
    expect(within(sheet).getByText('Grid A · column 80, row 70')).toBeInTheDocument();

    const map = screen.getByRole('application', { name: 'Grid A, 100 columns by 100 rows' });
    await expect.poll(() => Number(map.dataset.cell)).toBeGreaterThanOrEqual(FOCUS_CELL);
    expect(map.dataset.columnsInView).not.toBe('1-100');
    expect(inRange(map.dataset.columnsInView, 80)).toBe(true);
    expect(inRange(map.dataset.rowsInView, 70)).toBe(true);
  });

  it('without the box param the room opens fitted with no sheet', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    bigRoomApi();
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], paths.room(11));
    const map = await screen.findByRole('application', { name: 'Grid A, 100 columns by 100 rows' });
    expect(map.dataset.columnsInView).toBe('1-100');
    expect(screen.queryByRole('complementary', { name: 'Grid box' })).not.toBeInTheDocument();
  });

  it('says so when the linked box is not in the room any more', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    bigRoomApi();
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], paths.room(11, { box: 999 }));
    expect(await screen.findByText('The linked box is not in this room any more: it may have been removed with its grid.')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Grid box' })).not.toBeInTheDocument();
  });
});
