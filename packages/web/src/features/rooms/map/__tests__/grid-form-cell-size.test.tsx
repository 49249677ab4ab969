import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { gridsMessages, type RoomWithGrids } from '@verdant/contract';
import { GridCellSizeForm } from '../components/grid-form-cell-size';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const at = '2026-11-20T10:00:00.000Z';
const grid = (id: number, Name: string, cell_area_m2: number | null = null) => ({
  id, Name, CompanyID: 3, Description: '', ImageName: null, Scanned: false, ScannedDateTime: null, LastScannedBy: null, CreatedDateTime: at, UpdatedDateTime: at, nx: 4, ny: 2, cell_area_m2, grid_boxes: [],
});
const room = (RoomID: number, Name: string, grids: ReturnType<typeof grid>[]) =>
  ({ RoomID, CompanyID: 3, Name, Description: '', CreatedDateTime: at, UpdatedDateTime: at, Scanned: false, ScannedDateTime: null, grids }) as unknown as RoomWithGrids;

/** POST /set_grid_cell_size as the server answers it, recording each body. */
function cellSizeApi() {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/set_grid_cell_size`, async ({ request }) => {
      const body = (await request.json()) as { grid_id: number; cell_area_m2: number | null };
      bodies.push(body);
      return HttpResponse.json({ status: 'success', message: gridsMessages.cellSizeSet, grid_id: body.grid_id, cell_area_m2: body.cell_area_m2 });
    }),
  );
  return bodies;
}

describe('GridCellSizeForm', () => {
  it('names what is missing or wrong before sending, then saves m² per box and removes it when saved blank', async () => {
    signInAs({ role: 'Admin' });
    const bodies = cellSizeApi();
    const user = userEvent.setup();
    renderPage(<GridCellSizeForm rooms={[room(1, 'Bay 1', [grid(21, 'Bench A'), grid(22, 'Bench B')])]} />, '/dashboard/rooms/FormEdit');

    const size = await screen.findByLabelText('m² per box');
    await user.type(size, '0');
    await user.click(screen.getByRole('button', { name: 'Save cell size' }));
    expect(screen.getByText('Choose the grid.')).toBeInTheDocument();
    expect(screen.getByText('Enter a number of m² greater than 0 and at most 100000.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Grid'), 'Bay 1 — Bench B');
    await user.clear(size);
    await user.type(size, '1,6');
    await user.click(screen.getByRole('button', { name: 'Save cell size' }));
    expect(await screen.findByText('Bay 1 — Bench B: 1.6 m² per box.')).toBeInTheDocument();
    expect(bodies).toEqual([{ grid_id: 22, cell_area_m2: 1.6 }]);

    await user.clear(size);
    await user.click(screen.getByRole('button', { name: 'Remove cell size' }));
    expect(await screen.findByText('Bay 1 — Bench B: no cell size; the area is typed with each application.')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ grid_id: 22, cell_area_m2: null });
  });

  it('shows the size on record when a grid is chosen and fills it in for editing', async () => {
    signInAs({ role: 'Admin' });
    const bodies = cellSizeApi();
    const user = userEvent.setup();
    renderPage(<GridCellSizeForm rooms={[room(1, 'Bay 1', [grid(21, 'Bench A', 2.4), grid(22, 'Bench B')])]} />, '/dashboard/rooms/FormEdit');
    await user.selectOptions(await screen.findByLabelText('Grid'), 'Bay 1 — Bench A');
    expect(screen.getByTestId('cell-size-on-record')).toHaveTextContent('Bay 1 — Bench A: 2.4 m² per box.');
    expect(screen.getByLabelText('m² per box')).toHaveValue('2.4');
    await user.selectOptions(screen.getByLabelText('Grid'), 'Bay 1 — Bench B');
    expect(screen.getByTestId('cell-size-on-record')).toHaveTextContent('Bay 1 — Bench B: no cell size; the area is typed with each application.');
    expect(screen.getByLabelText('m² per box')).toHaveValue('');

    await user.selectOptions(screen.getByLabelText('Grid'), 'Bay 1 — Bench A');
    await user.clear(screen.getByLabelText('m² per box'));
    await user.type(screen.getByLabelText('m² per box'), '3');
    await user.click(screen.getByRole('button', { name: 'Save cell size' }));
    expect(await screen.findByText('Bay 1 — Bench A: 3 m² per box.')).toBeInTheDocument();
    expect(bodies).toEqual([{ grid_id: 21, cell_area_m2: 3 }]);
  });

  it('says to add a grid first when the rooms have none', async () => {
    signInAs({ role: 'Admin' });
    renderPage(<GridCellSizeForm rooms={[room(1, 'Bay 1', [])]} />, '/dashboard/rooms/FormEdit');
    expect(await screen.findByText('No grids yet: add one above, then set its cell size here.')).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    signInAs({ role: 'Admin' });
    server.use(http.post(`${API}/set_grid_cell_size`, () => HttpResponse.json({ status: 'error', message: 'grid_id names no grid of your company.' }, { status: 404 })));
    const user = userEvent.setup();
    renderPage(<GridCellSizeForm rooms={[room(1, 'Bay 1', [grid(21, 'Bench A')])]} />, '/dashboard/rooms/FormEdit');
    await user.selectOptions(await screen.findByLabelText('Grid'), 'Bay 1 — Bench A');
    await user.type(screen.getByLabelText('m² per box'), '2');
    await user.click(screen.getByRole('button', { name: 'Save cell size' }));
    expect(await screen.findByText(/names no grid of your company/)).toBeInTheDocument();
  });
});
