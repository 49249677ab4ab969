import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import LabelsPage from '../components/labels-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';

function api() {
  // 4 × 3 boxes, box 3,1 culled: 11 boxes take a label.
  const room = makeRoom({ nx: 4, ny: 3 });
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.get(`${API}/get_all_trays`, () =>
      HttpResponse.json({
        status: 'success',
        trays: [
          { tray_id: 5, tray_name: 'Cuttings 1', number_of_plants: 24, batch_id: 2, batch_number: 'B-17', template_id: null, template_name: null, created_by: 7, created_at: T, updated_at: T },
        ],
      }),
    ),
  );
}

const labels = () => screen.getAllByTestId('label').filter((el) => !el.closest('.label-print'));

describe('label sheets', () => {
  it("opens from a grid with the grid and its boxes ticked, lays them out per sheet and prints each with its QR code", async () => {
    signInAs({ userId: 7, companyId: 3 });
    api();
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/labels', element: <LabelsPage /> }], '/dashboard/labels?grid=21');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Paper' }), 'a4');
    await user.click(screen.getByRole('radio', { name: /^Large/ }));
    expect(await screen.findByText('12 labels on 2 sheet(s)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sheet 1' })).getAllByTestId('label')).toHaveLength(8);
    expect(within(screen.getByRole('region', { name: 'Sheet 2' })).getAllByTestId('label')).toHaveLength(4);

    const mother = labels().find((l) => within(l).queryByText('Mother A'))!;
    expect(within(mother).getByText('X 2 · Y 1')).toBeInTheDocument();
    expect(within(mother).getByText('Bay 1 › Grid A')).toBeInTheDocument();
    await waitFor(() => expect(within(mother).getByRole('img', { name: 'QR code of Mother A' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/)));
    expect(screen.getByRole('button', { name: 'Print 12 labels' })).toBeEnabled();
    // The print copy sits outside the app, one page per sheet.
    expect(document.querySelectorAll('.label-print .label-page')).toHaveLength(2);

    // Small labels: 65 to an A4 sheet, so one sheet.
    await user.click(screen.getByRole('radio', { name: /^Small/ }));
    expect(await screen.findByText('12 labels on 1 sheet(s)')).toBeInTheDocument();
  });

  it('adds trays and single boxes, and shows an empty preview when nothing is ticked', async () => {
    signInAs({ userId: 7, companyId: 3 });
    api();
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/labels', element: <LabelsPage /> }], '/dashboard/labels');
    expect(await screen.findByText('Nothing to print yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print 0 labels' })).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: /Cuttings 1/ }));
    await user.click(screen.getByText('Choose boxes one by one'));
    await user.click(screen.getByRole('button', { name: 'Mother A' }));
    expect(await screen.findByText('2 labels on 1 sheet(s)')).toBeInTheDocument();
    expect(labels().map((l) => within(l).getAllByText(/./)[0]!.textContent)).toEqual(['Mother A', 'Cuttings 1']);
    expect(screen.getByRole('checkbox', { name: 'All 11 boxes (1 chosen)' })).toBePartiallyChecked();
  });
});
