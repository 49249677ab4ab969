import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import RoomsPage from '../components/rooms-page';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';
import { coverageRow, scoutingCoverageHandlers } from '../../../../testing/scouting-coverage-handlers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('room cards', () => {
  it('show each room’s coverage for the round, who scouted last and what is overdue', async () => {
    signInAs({ role: 'Regular' });
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () =>
        HttpResponse.json({ status: 'success', rooms: [makeRoom({ roomId: 11, name: 'Bay 1' }), makeRoom({ roomId: 12, gridId: 22, name: 'Bay 2' })] }),
      ),
      http.get(`${API}/load_users`, () => HttpResponse.json({ status: 'success', users: [] })),
      ...scoutingCoverageHandlers({
        rooms: [
          coverageRow({ RoomID: 11 }),
          coverageRow({ RoomID: 12, boxes_total: 200, boxes_scouted: 0, boxes_overdue: 200, overdue: true, due_every_days: 3, last_scouted_at: null, last_scouted_by: null, last_scouted_by_name: null }),
        ],
      }).handlers,
    );
    renderPage(<RoomsPage />, '/dashboard/rooms');

    const bay1 = (await screen.findByRole('link', { name: 'Bay 1' })).closest('li')!;
    expect(await within(bay1).findByText('6 of 10 boxes scouted this round (60%)')).toBeInTheDocument();
    expect(within(bay1).getByRole('progressbar', { name: 'Scouting coverage this round' })).toHaveAttribute('aria-valuenow', '60');
    expect(within(bay1).getByText('Due every 7 days')).toBeInTheDocument();
    expect(within(bay1).getByText(/Last scouted .* by Ada Grower/)).toBeInTheDocument();
    expect(within(bay1).queryByText(/Overdue/)).not.toBeInTheDocument();

    const bay2 = screen.getByRole('link', { name: 'Bay 2' }).closest('li')!;
    expect(within(bay2).getByText('0 of 200 boxes scouted this round (0%)')).toBeInTheDocument();
    expect(within(bay2).getByText('Not scouted yet')).toBeInTheDocument();
    expect(within(bay2).getByText('Overdue: 200 boxes')).toBeInTheDocument();
  });
});

