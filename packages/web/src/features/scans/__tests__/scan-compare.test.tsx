import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import ScanDetailPage from '../components/scan-detail-page';
import ScanHistoryPage from '../components/scan-history-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { setOnline } from '../../../testing/room-fixtures';
import { queueScan } from '../../../api/scan-queue';
import { ActionQueueDatabase } from '../../../offline/action-queue-store';
import { installBlobCloning } from '../../../offline/__tests__/browser-emulation';
import { DEVICE_ANALYSIS_FORMAT, type DeviceAnalysis } from '../lib/device-analysis';
import { makeDetection, makeScan } from './scan-fixtures';

/** GET /image answers a Blob, which jsdom's XMLHttpRequest cannot build from a mock: the client function is replaced. */
const fetchImage = vi.hoisted(() => vi.fn<(url: string) => Promise<Blob>>());
vi.mock('../../../api/rooms', async (original) => ({ ...(await original<typeof import('../../../api/rooms')>()), fetchImage }));

const outbox = new ActionQueueDatabase();
const restore: Array<() => void> = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  restore.push(installBlobCloning());
});
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  fetchImage.mockReset().mockResolvedValue(new Blob([new Uint8Array([1])], { type: 'image/webp' }));
});
afterEach(async () => {
  server.resetHandlers();
  await outbox.actions.clear();
});
afterAll(() => {
  server.close();
  for (const undo of restore) undo();
});

const phone = (findings: DeviceAnalysis['photos'][number]['findings']): DeviceAnalysis => ({
  format: DEVICE_ANALYSIS_FORMAT,
  ai_model: 'plantDiseaseRecognition',
  engine: 'verdant-vision',
  engine_version: '1.0.0',
  analysed_at: '2026-11-25T08:00:00.000Z',
  photos: [{ kind: 'leaf', findings, doubts: [], looked_at: null }],
});
const necrosis = { label: 'necrotic', problem: 'Leaf necrosis', confidence: 0.7, affected_percent: 4.2, count: null, severity: 2, regions: [{ type: 'box' as const, x: 0.5, y: 0.5, width: 0.1, height: 0.1 }] };

function detailRoute(scan: ReturnType<typeof makeScan>) {
  server.use(http.get(`${API}/get_scan_details`, () => HttpResponse.json({ status: 'success', scan })));
  return renderRoutes([{ path: '/dashboard/scanHistory/:scanType/:scanHistoryID', element: <ScanDetailPage /> }], `/dashboard/scanHistory/box/${scan.scan_id}`);
}

describe('ScanDetailPage: the phone’s answer beside the server’s', () => {
  it('shows both side by side when they differ, each with its own findings and regions', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    detailRoute(makeScan(41, { client_analysis: phone([necrosis]) as unknown as Record<string, unknown> }));
    const compare = await screen.findByTestId('device-comparison');
    expect(within(compare).getByRole('heading', { name: 'Phone and server disagree' })).toBeInTheDocument();
    const mine = within(compare).getByRole('region', { name: 'On this phone · Photo 1' });
    const theirs = within(compare).getByRole('region', { name: 'On the server · Photo 1' });
    expect(within(mine).getByText('Leaf necrosis')).toBeInTheDocument();
    expect(within(mine).getByText(/4\.2% of the leaf/)).toBeInTheDocument();
    expect(within(theirs).getByText('Powdery mildew')).toBeInTheDocument();
    expect(await within(mine).findByRole('img', { name: 'Photo 1 · On this phone' })).toBeInTheDocument();
    expect(mine.querySelector('[data-region="necrotic-0"]')).not.toBeNull();
    expect(theirs.querySelector('[data-region="1-0"]')).not.toBeNull();
  });

  it('says the phone agreed when the answers match, and shows nothing for a scan made online', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const same = { label: 'powdery', problem: 'Powdery mildew', confidence: 0.82, affected_percent: 12.4, count: null, severity: 3, regions: [] };
    const { unmount } = detailRoute(makeScan(42, { client_analysis: phone([same]) as unknown as Record<string, unknown> }));
    expect(await screen.findByTestId('device-agrees')).toHaveTextContent('gave the same answer');
    expect(screen.queryByTestId('device-comparison')).toBeNull();
    unmount();

    detailRoute(makeScan(43, { detections: [makeDetection(1)] }));
    expect(await screen.findByTestId('scan-result')).toBeInTheDocument();
    expect(screen.queryByTestId('device-agrees')).toBeNull();
    expect(screen.queryByTestId('device-comparison')).toBeNull();
  });
});

describe('ScanHistoryPage: scans still on this phone', () => {
  it('lists queued scans as waiting to send, with the phone’s answer, above the server’s history', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [] })),
      http.get(`${API}/get_scan_history`, () => HttpResponse.json({ status: 'success', scans: [makeScan(5)], page: 1, per_page: 20, total: 1 })),
    );
    const offline = setOnline(false);
    try {
      await queueScan(
        {
          company_id: 3,
          scan_type: 'box',
          room_id: 11,
          grid_id: 21,
          grid_box_id: 2_100_002,
          images: [new File([new Uint8Array([1])], 'leaf.png', { type: 'image/png' })],
          captured_at: '2026-11-25T07:55:00.000Z',
          client_analysis: JSON.stringify(phone([necrosis])),
        },
        { userId: 7, label: 'Bay 1 › Grid A › Mother A' },
      );
    } finally {
      offline();
    }
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/scanHistory', element: <ScanHistoryPage /> }], '/dashboard/scanHistory');
    const queued = await screen.findByTestId('queued-scans');
    expect(within(queued).getByRole('heading', { name: 'Waiting to send from this phone' })).toBeInTheDocument();
    expect(within(queued).getByText('Bay 1 › Grid A › Mother A')).toBeInTheDocument();
    expect(within(queued).getByText('Waiting to send')).toBeInTheDocument();
    expect(within(queued).getByText(/· Leaf necrosis$/)).toBeInTheDocument();
    await user.click(within(queued).getByText('Bay 1 › Grid A › Mother A'));
    expect(await within(queued).findByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    // The server's own history is still listed below.
    expect(await screen.findByRole('list', { name: 'Scan history' })).toBeInTheDocument();
  });
});
