import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw-server';
import { renderPage } from '../../../testing/render';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';
import { readOfflineRooms, roomsKept, saveOfflineRooms } from '../../../lib/offline-rooms';
import { OfflineRoomsChooser } from '../offline-rooms-chooser';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ROOMS = [
  makeRoom({ roomId: 11, gridId: 21, nx: 1, ny: 1, name: 'Bay 1' }),
  makeRoom({ roomId: 12, gridId: 22, nx: 1, ny: 1, name: 'Bay 2' }),
  makeRoom({ roomId: 13, gridId: 23, nx: 1, ny: 1, name: 'Mother Stock' }),
];

beforeEach(() => {
  localStorage.clear();
  signInAs({ companyId: 3, userId: 7 });
  server.use(http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: ROOMS })));
});

const open = async (refill = vi.fn()) => {
  const user = userEvent.setup();
  renderPage(<OfflineRoomsChooser companyId={3} userId={7} online refill={refill} />);
  expect(await screen.findByTestId('offline-rooms')).toHaveTextContent('Rooms on this device: all');
  await user.click(screen.getByRole('button', { name: 'Choose rooms' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rooms kept on this device' });
  await within(dialog).findByRole('checkbox', { name: 'Bay 2' });
  return { user, dialog, refill };
};

describe('choosing the rooms kept on this device', () => {
  it('keeps the choice per company and user; a room gone is ignored', () => {
    expect(readOfflineRooms(3, 7)).toBeNull();
    saveOfflineRooms(3, 7, [13, 11, 11]);
    expect(readOfflineRooms(3, 7)).toEqual([11, 13]);
    expect(readOfflineRooms(3, 8)).toBeNull();
    expect(roomsKept(ROOMS, [13, 99]).map((r) => r.RoomID)).toEqual([13]);
    expect(roomsKept(ROOMS, null)).toHaveLength(3);
    saveOfflineRooms(3, 7, null);
    expect(readOfflineRooms(3, 7)).toBeNull();
  });

  it('refuses to save no room at all', async () => {
    const { user, dialog, refill } = await open();
    // Every room is ticked (and fixed) while All rooms is on.
    expect(within(dialog).getByRole('checkbox', { name: 'Bay 1' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Bay 1' })).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Chosen rooms' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one room, or All rooms.');
    expect(readOfflineRooms(3, 7)).toBeNull();
    expect(refill).not.toHaveBeenCalled();
  });

  it('saves the chosen rooms and starts a fill; All rooms goes back to every room', async () => {
    const { user, dialog, refill } = await open();
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen rooms' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bay 2' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mother Stock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(readOfflineRooms(3, 7)).toEqual([12, 13]);
    expect(refill).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('offline-rooms')).toHaveTextContent('Rooms on this device: 2 of 3 rooms');

    await user.click(screen.getByRole('button', { name: 'Choose rooms' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('checkbox', { name: 'Bay 1' })).not.toBeChecked();
    expect(within(again).getByRole('checkbox', { name: 'Bay 2' })).toBeChecked();
    await user.click(within(again).getByRole('radio', { name: 'All rooms (also rooms created later)' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(readOfflineRooms(3, 7)).toBeNull();
    expect(refill).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('offline-rooms')).toHaveTextContent('Rooms on this device: all (3)');
  });
});
