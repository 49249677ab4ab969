import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ModelQuality, ScanDetection } from '@verdant/contract';
import ScanDetailPage from '../components/scan-detail-page';
import ScanQualityPage from '../components/scan-quality-page';
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

const quality = (extra: Partial<ModelQuality> = {}): ModelQuality => ({
  model: 'verdant-vision-leaf-trap', model_version: '1.0.0', reviewed: 3, confirmed: 3, corrected: 0, rejected: 0, added: 0, agreement: 1,
  count_error_mean: null, count_samples: 0, poor: false, ...extra,
});
const card = makeDetection(1, { label: 'small', problem: 'Whiteflies', problem_id: 12, affected_percent: null, count: 9 });

function detail(detections: ScanDetection[], agreement = quality()) {
  const scan = makeScan(41, { kind: 'sticky_trap', detections });
  const sent: unknown[] = [];
  server.use(
    http.get(`${API}/get_scan_details`, () => HttpResponse.json({ status: 'success', scan })),
    http.get(`${API}/get_scan_model_agreement`, () => HttpResponse.json({ status: 'success', quality: agreement, poor_below: 0.7, min_reviews: 20 })),
    http.post(`${API}/correct_scan_detection`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const i = scan.detections.findIndex((x) => x.detection_id === body.detection_id);
      const d = scan.detections[i]!;
      const detection = { ...d, review: 'corrected', reviewed_count: body.count ?? d.reviewed_count, reviewed_regions: body.regions ?? d.reviewed_regions } as ScanDetection;
      // The server keeps it: the refetch after the write answers it too.
      scan.detections[i] = detection;
      return HttpResponse.json({ status: 'success', message: 'Detection corrected.', detection, scan_status: 'reviewed' });
    }),
  );
  renderRoutes([{ path: '/dashboard/scanHistory/:scanType/:scanHistoryID', element: <ScanDetailPage /> }], '/dashboard/scanHistory/box/41');
  return sent;
}

describe('Scan page: corrections that teach', () => {
  it("corrects a card's count and shows the model's count beside the reviewer's", async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const sent = detail([card]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Whiteflies: count, area, regions' }));
    const count = screen.getByLabelText('Insects on the card');
    await user.clear(count);
    await user.type(count, '-1');
    expect(screen.getByRole('button', { name: 'Save count' })).toBeDisabled();
    await user.clear(count);
    await user.type(count, '12');
    await user.click(screen.getByRole('button', { name: 'Save count' }));
    expect(await screen.findByText('The model counted 9 insects')).toBeInTheDocument();
    expect(sent).toEqual([{ company_id: 3, detection_id: 1, count: 12 }]);
    expect(within(screen.getByTestId('detection-1')).getByText(/12 insects/)).toBeInTheDocument();
  });

  it('redraws a region by dragging a box on the photo, in fractions of the photo', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const sent = detail([card]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Whiteflies: count, area, regions' }));
    await user.click(screen.getByRole('button', { name: 'Redraw region 1 of Whiteflies' }));
    const layer = await screen.findByTestId('draw-layer');
    layer.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
    expect(screen.getByRole('button', { name: 'Use this region' })).toBeDisabled();
    fireEvent.pointerDown(layer, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerMove(layer, { clientX: 200, clientY: 150, pointerId: 1 });
    fireEvent.pointerUp(layer, { clientX: 200, clientY: 150, pointerId: 1 });
    await user.click(screen.getByRole('button', { name: 'Use this region' }));
    await screen.findByText('Detection corrected.');
    expect(sent).toEqual([{ company_id: 3, detection_id: 1, regions: [{ type: 'box', x: 0.1, y: 0.1, width: 0.4, height: 0.4 }] }]);
  });

  it("warns when the scan's model agrees poorly with the company's reviewers", async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    detail([card], quality({ reviewed: 40, confirmed: 10, rejected: 30, agreement: 0.25, poor: true }));
    expect(await screen.findByTestId('model-agreement-warning')).toHaveTextContent('Reviewers confirmed only 25 % of the findings of verdant-vision-leaf-trap 1.0.0 (40 reviews).');
  });
});

describe('Scan quality screen', () => {
  it('shows Admins each model and problem, and tells others it is for Admins', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    server.use(
      http.get(`${API}/get_scan_quality`, () =>
        HttpResponse.json({
          status: 'success', poor_below: 0.7, min_reviews: 20,
          models: [quality({ reviewed: 25, confirmed: 10, corrected: 5, rejected: 10, agreement: 0.4, poor: true, count_error_mean: 2.5, count_samples: 4 })],
          problems: [{ ...quality({ reviewed: 25, confirmed: 10, corrected: 5, rejected: 10, agreement: 0.4 }), problem_id: 12, problem: 'Whiteflies' }],
        }),
      ),
    );
    const { unmount } = renderRoutes([{ path: '/dashboard/scanQuality', element: <ScanQualityPage /> }], '/dashboard/scanQuality');
    const byModel = await screen.findByRole('region', { name: 'By model version' });
    expect(within(byModel).getByText('Poor')).toBeInTheDocument();
    expect(within(byModel).getByText('40 %')).toBeInTheDocument();
    expect(within(byModel).getByText('2.50 (4 cards)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'By problem' })).getByText('Whiteflies')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export as zip' })).toBeEnabled();
    unmount();
    signInAs({ userId: 8, companyId: 3, role: 'Regular' });
    renderRoutes([{ path: '/dashboard/scanQuality', element: <ScanQualityPage /> }], '/dashboard/scanQuality');
    expect(await screen.findByText(/Scan quality and the labelled export are for Admins/)).toBeInTheDocument();
  });
});
