import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import ScanDetailPage from '../components/scan-detail-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeDetection, makeScan } from './scan-fixtures';

/** GET /image answers a Blob, which jsdom's XMLHttpRequest cannot build from a mock: the client function is replaced. */
const fetchImage = vi.hoisted(() => vi.fn<(url: string) => Promise<Blob>>());
vi.mock('../../../api/rooms', async (original) => ({ ...(await original<typeof import('../../../api/rooms')>()), fetchImage }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  fetchImage.mockReset().mockResolvedValue(new Blob([new Uint8Array([1])], { type: 'image/webp' }));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const image = (analysis: Record<string, unknown>) => ({ ...makeScan(1).images[0]!, analysis });
const agreeing = {
  model: 'verdant-vision-leaf-trap', model_version: '1.0.0', reviewed: 3, confirmed: 3, corrected: 0, rejected: 0, added: 0, agreement: 1,
  count_error_mean: null, count_samples: 0, poor: false,
};
const leafBox = { type: 'box', x: 0.2, y: 0.1, width: 0.5, height: 0.7 };

function detailRoute(scan: ReturnType<typeof makeScan>) {
  server.use(
    http.get(`${API}/get_scan_details`, () => HttpResponse.json({ status: 'success', scan })),
    // A model reviewers agree with: no warning.
    http.get(`${API}/get_scan_model_agreement`, () => HttpResponse.json({ status: 'success', quality: agreeing, poor_below: 0.7, min_reviews: 20 })),
  );
  return renderRoutes([{ path: '/dashboard/scanHistory/:scanType/:scanHistoryID', element: <ScanDetailPage /> }], `/dashboard/scanHistory/box/${scan.scan_id}`);
}

describe('a scan the engine was not sure of', () => {
  it('says "Not sure: check by eye" with the reasons, draws where it looked, and a person marks it checked', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    let scan = makeScan(61, { status: 'uncertain', detections: [], problems: [], images: [image({ doubts: ['blurry', 'cut_by_border'], looked_at: leafBox })] });
    const marked: unknown[] = [];
    server.use(
      http.post(`${API}/mark_scan_checked`, async ({ request }) => {
        marked.push(await request.json());
        scan = { ...scan, status: 'reviewed' };
        return HttpResponse.json({ status: 'success', message: 'Scan checked by eye: nothing found.', scan_status: 'reviewed' });
      }),
    );
    detailRoute(scan);
    const result = await screen.findByTestId('scan-result');
    expect(within(result).getAllByText('Not sure: check by eye').length).toBeGreaterThan(0);
    const note = within(result).getByTestId('scan-uncertain');
    expect(within(note).getByText('The photo is too blurry to see small spots or insects.')).toBeInTheDocument();
    expect(within(note).getByText('The leaf or card runs off the photo: only what is seen was measured.')).toBeInTheDocument();
    expect(await within(result).findByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    expect(result.querySelector('[data-region="looked"]')).not.toBeNull();

    server.use(http.get(`${API}/get_scan_details`, () => HttpResponse.json({ status: 'success', scan })));
    await userEvent.setup().click(within(result).getByRole('button', { name: 'I checked by eye: no problem' }));
    expect(await screen.findByText('Scan marked as checked.')).toBeInTheDocument();
    expect(marked).toEqual([{ company_id: 3, scan_id: 61 }]);
    expect(await within(result).findByText('Reviewed')).toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: 'I checked by eye: no problem' })).toBeNull();
  });

  it('keeps needs review with findings, and shows the doubts beside them', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    detailRoute(makeScan(62, { images: [image({ doubts: ['colour_cast'], looked_at: leafBox })], detections: [makeDetection(1)] }));
    const result = await screen.findByTestId('scan-result');
    expect(within(result).getByText('Needs review')).toBeInTheDocument();
    expect(within(result).getByText('Found something, but not sure of everything: check by eye')).toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: 'I checked by eye: no problem' })).toBeNull();
  });
});
