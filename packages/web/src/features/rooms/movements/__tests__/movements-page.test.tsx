import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import MovementsPage from '../components/movements-page';
import { renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const move = (id: number) => ({
  movement_id: id, plant_id: id, plant_uid: `P-${String(id).padStart(4, '0')}`, batch_id: null,
  from_room_id: 11, from_room: 'Bay 1', from_gridbox_id: 1, from_gridbox: 'Row 1', from_sub_gridbox_id: 1, from_sub_gridbox: 'Sub-1-1',
  to_room_id: 12, to_room: 'Bay 2', to_gridbox_id: 2, to_gridbox: 'Row 2', to_sub_gridbox_id: 2, to_sub_gridbox: 'Sub-2-1',
  movement_reason: id === 1 ? 'Spacing' : null, notes: null, moved_by_user_id: 7, moved_by: 'Ada Grower',
  moved_at: new Date(Date.UTC(2026, 0, 1) + id * 3_600_000).toISOString(),
});

function historyApi(total = 120) {
  const queries: Array<Record<string, string>> = [];
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom()] })),
    http.get(`${API}/get_company_movement_history`, ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(q);
      const offset = Number(q.offset);
      const limit = Number(q.limit);
      const movements = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => move(offset + i + 1));
      return HttpResponse.json({ status: 'success', total_count: total, limit, offset, movements });
    }),
  );
  return { queries };
}

const render = (path = '/dashboard/rooms/movements') => renderRoutes([{ path: '/dashboard/rooms/movements', element: <MovementsPage /> }], path);

describe('MovementsPage', () => {
  it('asks for the first 50, newest first, then sorts by a column and pages with offset', async () => {
    signInAs({ companyId: 3 });
    const api = historyApi();
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(api.queries[0]).toEqual({ company_id: '3', sort_by: 'moved_at', sort_order: 'desc', limit: '50', offset: '0' });
    expect(screen.getByText('1–50 of 120 moves')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(table).getByRole('button', { name: /^Plant/ }));
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ sort_by: 'plant_uid', sort_order: 'asc', offset: '0' }));
    await user.click(within(table).getByRole('button', { name: /^Plant/ }));
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ sort_by: 'plant_uid', sort_order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Plant/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ sort_by: 'plant_uid', sort_order: 'desc', limit: '50', offset: '50' }));
    expect(await screen.findByText('51–100 of 120 moves')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('101–120 of 120 moves')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ offset: '50' }));
  });

  it('filters by room and dates, back on the first page', async () => {
    signInAs({ companyId: 3 });
    const api = historyApi();
    const user = userEvent.setup();
    render('/dashboard/rooms/movements?page=2');
    await screen.findByText('101–120 of 120 moves');
    await user.selectOptions(screen.getByLabelText('Room'), 'Bay 1');
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ room_id: '11', offset: '0' }));
    await user.type(screen.getByLabelText('From date'), '2026-01-02');
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ room_id: '11', start_date: '2026-01-02' }));
  });

  it('says what to do when there are no moves yet', async () => {
    signInAs({ companyId: 3 });
    historyApi(0);
    render();
    expect(await screen.findByText('No plant moves yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to rooms' })).toHaveAttribute('href', '/dashboard/rooms');
  });
});
