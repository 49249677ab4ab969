import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import ScanNowPage from '../components/scan-now-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';
import { companySettingsHandlers } from '../../../testing/settings-handlers';
import { makeDetection, makeScan } from './scan-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const room = makeRoom({ nx: 3, ny: 1 });
const BOX = 21 * 100_000 + 2;

function scanApi() {
  const state = { created: [] as Record<string, string>[], reviews: [] as unknown[] };
  server.use(
    ...companySettingsHandlers().handlers,
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.post(`${API}/create_scan`, async ({ request }) => {
      const form = await request.formData();
      state.created.push(Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`])));
      return HttpResponse.json({ status: 'success', message: 'Scan analysed.', scan: makeScan(1) });
    }),
    http.post(`${API}/review_scan_detection`, async ({ request }) => {
      const body = (await request.json()) as { action: string };
      state.reviews.push(body);
      return HttpResponse.json({
        status: 'success',
        message: 'Detection reviewed.',
        detection: makeDetection(1, { review: 'confirmed', reviewed_by: 7, reviewed_at: '2026-11-20T09:31:00.000Z' }),
        scan_status: 'reviewed',
      });
    }),
  );
  return state;
}

describe('ScanNowPage', () => {
  it('starts at the place a link names (the box sheet, a scanned label) and drops ids the company does not have', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    scanApi();
    renderPage(<ScanNowPage />, `/dashboard/scanNow?room_id=11&grid_id=21&grid_box_id=${BOX}`);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Box' })).toHaveValue(String(BOX)));
    expect(screen.getByRole('combobox', { name: 'Room' })).toHaveValue('11');
    expect(screen.getByRole('combobox', { name: 'Grid' })).toHaveValue('21');
  });

  it('keeps the room of a link whose grid is not the company\'s', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    scanApi();
    renderPage(<ScanNowPage />, '/dashboard/scanNow?room_id=11&grid_id=999&grid_box_id=5');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Room' })).toHaveValue('11'));
    expect(screen.getByRole('combobox', { name: 'Grid' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Box' })).toBeDisabled();
  });

  it('sends a box scan with its photo, draws the regions and confirms a detection', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = scanApi();
    const user = userEvent.setup();
    renderPage(<ScanNowPage />);

    const analyse = await screen.findByRole('button', { name: 'Analyse' });
    expect(analyse).toBeDisabled();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Room' }), '11');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Grid' }), '21');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Box' }), String(BOX));
    expect(screen.getByRole('option', { name: 'Mother A (2, 1)' })).toBeInTheDocument();
    // The culled box (3, 1) is not offered.
    expect(screen.queryByRole('option', { name: 'Box 3, 1' })).toBeNull();
    await user.upload(screen.getByLabelText('Upload photos'), new File([new Uint8Array([137, 80, 78, 71])], 'leaf.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    await user.click(analyse);

    const result = await screen.findByTestId('scan-result');
    expect(api.created).toEqual([
      expect.objectContaining({ company_id: '3', scan_type: 'box', room_id: '11', grid_id: '21', grid_box_id: String(BOX), images: expect.stringMatching(/^file:/) }),
    ]);
    expect(within(result).getByText('Needs review')).toBeInTheDocument();
    expect(within(result).getByText('verdant-vision · verdant-vision-leaf-trap 1.0.0')).toBeInTheDocument();
    const rect = result.querySelector('[data-region="1-0"]');
    expect(rect?.getAttribute('x')).toBe('0.1');
    expect(rect?.getAttribute('width')).toBe('0.3');
    expect(within(result).getByText('82% sure · 12.5% of the leaf')).toBeInTheDocument();

    await user.click(within(result).getByRole('button', { name: 'Confirm Powdery mildew' }));
    expect(await within(result).findByText('Confirmed')).toBeInTheDocument();
    expect(api.reviews).toEqual([{ company_id: 3, detection_id: 1, action: 'confirm' }]);
  });

  it('shows the server’s refusal and keeps the photo to try again', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    scanApi();
    server.use(
      http.post(`${API}/create_scan`, () =>
        HttpResponse.json({ status: 'error', message: 'images: send at most 8 photos in one scan.' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderPage(<ScanNowPage />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Room' }), '11');
    await user.upload(screen.getByLabelText('Upload photos'), new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(await screen.findByText('images: send at most 8 photos in one scan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument());
  });
});
