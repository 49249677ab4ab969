import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { EMPTY_PRODUCT_REGISTER, treatmentsMessages, type SprayProduct } from '@verdant/contract';
import RoomPage from '../components/room-page';
import { GridMap } from '../components/grid-map';
import { renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';
import { stubCanvas } from '../../__tests__/canvas-stub';
import { gapFor, guttersFor } from '../../lib/map-geometry';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';
const spinosad: SprayProduct = {
  product_id: 5, name: 'Spinosad', details: null, reentry_interval_hours: 12, preharvest_interval_days: 3, company_id: 3, created_at: T, updated_at: T, ...EMPTY_PRODUCT_REGISTER,
};
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** The room page's reads, the products, and the application (recorded with its multipart fields). */
function roomApi() {
  const writes: Array<Record<string, string>> = [];
  const until = inHours(12);
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom()] })),
    http.get(`${API}/get_product_details`, () => HttpResponse.json({ status: 'success', products: [spinosad] })),
    http.post(`${API}/link_treatment_products_gridboxes`, async ({ request }) => {
      const fields = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
      writes.push({ ...fields, key: request.headers.get('Idempotency-Key') ?? '' });
      return HttpResponse.json({
        status: 'success',
        message: treatmentsMessages.linked,
        application: {
          application_id: 1, ApplicationDate: fields.ApplicationDate!.slice(0, 10), ProductName: 'Spinosad', product_id: 5, QuantityUsed: Number(fields.QuantityUsed),
          Grid_boxIDs: JSON.parse(fields.Grid_boxIDs!), applied_by: 7, reentry_until: until, preharvest_until: '2026-01-08',
        },
      });
    }),
    http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
  );
  return { writes, until };
}

describe('applying a treatment from the room map', () => {
  it('picks boxes, records product, moment and quantity (Grid_boxIDs a JSON list, with an Idempotency-Key), and marks the boxes "no entry until"', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    const api = roomApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], '/dashboard/rooms/11');
    await user.click(await screen.findByRole('button', { name: 'Select boxes' }));
    const map = screen.getByRole('application', { name: 'Grid A, 10 columns by 20 rows' });
    const overlay = map.querySelectorAll('canvas')[1]!;
    const cell = Number(map.dataset.cell);
    const gap = gapFor(cell);
    const { left, top } = guttersFor(20);
    const at = (x: number, y: number) => ({ clientX: left + gap + (x - 1) * (cell + gap) + cell / 2, clientY: top + gap + (y - 1) * (cell + gap) + cell / 2 });
    fireEvent.click(overlay, at(1, 1));
    fireEvent.click(overlay, at(5, 2));

    await user.click(screen.getByRole('button', { name: 'Apply a treatment to 2 boxes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply a treatment to 2 boxes' });
    await user.click(await within(dialog).findByRole('button', { name: 'Apply to 2 boxes' }));
    expect(within(dialog).getByText('Choose the product you sprayed.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a quantity greater than 0.')).toBeInTheDocument();
    expect(api.writes).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText(/^Spray product/), 'Spinosad');
    expect(within(dialog).getByTestId('treat-intervals')).toHaveTextContent('No entry for 12 hours after spraying. No harvest for 3 days.');
    await user.type(within(dialog).getByLabelText(/^Quantity used/), '2,5');
    expect(within(dialog).getByText(/The 2 boxes will show "no entry until/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 boxes' }));

    expect(await screen.findByText(/Spinosad recorded on 2 boxes: no entry until/)).toBeInTheDocument();
    expect(api.writes).toHaveLength(1);
    const sent = api.writes[0]!;
    expect(sent).toMatchObject({ ProductName: 'Spinosad', QuantityUsed: '2.5', Grid_boxIDs: '[2100001,2100015]' });
    expect(Number.isNaN(Date.parse(sent.ApplicationDate!))).toBe(false);
    expect(sent.key).not.toBe('');
    // Selection ends; the treated boxes carry the server's end on the map: legend and screen-reader text.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selecting boxes' })).not.toBeInTheDocument());
    expect(screen.getByTestId('no-entry-legend')).toHaveTextContent('2 boxes treated: no entry until');
    expect(map.querySelector('p.sr-only')).toHaveTextContent('2 boxes treated: no entry until');
    // The box sheet says it too.
    fireEvent.click(overlay, at(5, 2));
    expect(await screen.findByTestId('box-no-entry')).toHaveTextContent('Treated: keep out');
  }, 30_000);
});

describe('GridMap and "no entry until"', () => {
  it('keys only boxes whose re-entry has not ended, names them to screen readers, and paints them', () => {
    const calls = stubCanvas();
    const grid = makeRoom({ nx: 3, ny: 1 }).grids[0]!;
    const plain = render(<GridMap grid={grid} onOpenBox={() => {}} />);
    const fillsWithout = calls.fill;
    plain.unmount();
    expect(screen.queryByTestId('no-entry-legend')).not.toBeInTheDocument();

    const [first, second, third] = grid.grid_boxes;
    const treated = { ...grid, grid_boxes: [{ ...first!, NoEntryUntil: inHours(5) }, { ...second!, NoEntryUntil: inHours(-1) }, third!] };
    calls.fill = 0;
    render(<GridMap grid={treated} onOpenBox={() => {}} />);
    expect(calls.fill).toBeGreaterThan(fillsWithout);
    expect(screen.getByTestId('no-entry-legend')).toHaveTextContent('1 box treated: no entry until');
    const map = screen.getByRole('application');
    map.focus();
    fireEvent.keyDown(map, { key: 'ArrowLeft' });
    expect(screen.getByText(/box 1,1, No entry until/i)).toBeInTheDocument();
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(screen.queryByText(/2,1.*No entry until/i)).not.toBeInTheDocument();
  });
});
