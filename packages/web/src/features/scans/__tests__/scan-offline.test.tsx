import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { analyseImage } from '@verdant/vision';
import { makeLeafImage } from '@verdant/vision/testing';
import ScanNowPage from '../components/scan-now-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom, setOnline } from '../../../testing/room-fixtures';
import { companySettingsHandlers } from '../../../testing/settings-handlers';
import { actionQueue } from '../../../api/action-queue';
import { ActionQueueDatabase } from '../../../offline/action-queue-store';
import { installBlobCloning } from '../../../offline/__tests__/browser-emulation';
import { parseDeviceAnalysis } from '../lib/device-analysis';
import { makeScan } from './scan-fixtures';

// jsdom has no Web Worker: only the transport is replaced; the analysis is the library's own, run here.
const leaf = makeLeafImage({ seed: 1, lesions: { necrotic: 0.06, powdery: 0.04 } });
vi.mock('../../../lib/on-device-analysis', () => ({
  analysePhoto: vi.fn(async () => analyseImage(leaf.image)),
}));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const outbox = new ActionQueueDatabase();
const restore: Array<() => void> = [];
beforeAll(() => restore.push(installBlobCloning()));
afterEach(async () => {
  await outbox.actions.clear();
});
afterAll(() => {
  for (const undo of restore) undo();
});

function scanPageApi(createScan: () => Response | Promise<Response>, settings: Record<string, unknown> = {}) {
  const received: Array<{ key: string | null; analysis: string | null }> = [];
  server.use(
    ...companySettingsHandlers(settings).handlers,
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom({ nx: 2, ny: 1 })] })),
    http.post(`${API}/create_scan`, async ({ request }) => {
      const form = await request.formData();
      received.push({ key: request.headers.get('idempotency-key'), analysis: form.get('client_analysis') as string | null });
      return createScan();
    }),
  );
  return received;
}

async function pickPlaceAndPhoto(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Room' }), '11');
  await user.upload(screen.getByLabelText('Upload photos'), new File([new Uint8Array([1])], 'leaf.png', { type: 'image/png' }));
}

async function pickAndAnalyse(user: ReturnType<typeof userEvent.setup>) {
  await pickPlaceAndPhoto(user);
  await user.click(screen.getByRole('button', { name: 'Analyse' }));
}

describe('ScanNowPage offline', () => {
  it('analyses the photo on the phone, queues the scan with that answer, and it is sent once when online', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const received = scanPageApi(() => HttpResponse.json({ status: 'success', message: 'Scan analysed.', scan: makeScan(31) }));
    const user = userEvent.setup();
    renderPage(<ScanNowPage />);
    await pickPlaceAndPhoto(user);
    const offline = setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Analyse' }));
      const result = await screen.findByTestId('on-device-result');
      expect(within(result).getByText('Waiting to send')).toBeInTheDocument();
      const names = within(result).getAllByRole('listitem').map((li) => li.textContent ?? '');
      expect(names.some((n) => n.includes('% of the leaf'))).toBe(true);
      expect(received).toHaveLength(0);
    } finally {
      offline();
    }
    const [queued] = await outbox.actions.toArray();
    expect(queued).toMatchObject({ endpoint: 'createScan', state: 'waiting', companyId: 3, userId: 7 });

    // Back online: the outbox's sender sends it (the header does this in the app).
    await actionQueue().flush({ userId: 7 });
    expect(received).toHaveLength(1);
    expect(received[0]!.key).toBe(queued!.idempotencyKey);
    expect(parseDeviceAnalysis(received[0]!.analysis)?.photos[0]?.findings.map((f) => f.label).sort()).toEqual(['necrotic', 'powdery']);
    expect(await screen.findByText(/The server has the scan/)).toBeInTheDocument();
    await actionQueue().flush({ userId: 7, force: true });
    expect(received).toHaveLength(1);
  });

  it('files on the phone only what the company\'s model looks for: a pest-only model shows no leaf finding', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const received = scanPageApi(() => HttpResponse.json({ status: 'success', message: 'Scan analysed.', scan: makeScan(32) }), { ai_model: 'pestDetection' });
    const user = userEvent.setup();
    renderPage(<ScanNowPage />);
    expect(await screen.findByText(/\(Pest detection\)/)).toBeInTheDocument();
    await pickPlaceAndPhoto(user);
    const offline = setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Analyse' }));
      const result = await screen.findByTestId('on-device-result');
      expect(within(result).getByText('Nothing found on these photos.')).toBeInTheDocument();
      expect(within(result).queryByText(/% of the leaf/)).toBeNull();
    } finally {
      offline();
    }
    await actionQueue().flush({ userId: 7 });
    const sent = parseDeviceAnalysis(received[0]!.analysis);
    expect(sent).toMatchObject({ ai_model: 'pestDetection', photos: [{ kind: 'leaf', findings: [] }] });
  });

  it('queues the scan with the key of a send that got no answer, and shows the phone\'s answer', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const received = scanPageApi(() => HttpResponse.error());
    const user = userEvent.setup();
    renderPage(<ScanNowPage />);
    await pickAndAnalyse(user);
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    await waitFor(() => expect(received.length).toBeGreaterThanOrEqual(2));
    const [queued] = await outbox.actions.toArray();
    // The first send (no client_analysis yet) and the queued one carry the same key: the server files it once.
    expect(new Set(received.map((r) => r.key))).toEqual(new Set([queued!.idempotencyKey]));
    expect(received[0]!.analysis).toBeNull();
    expect(received[1]!.analysis).toContain('verdant-device-analysis/1');
  });

  it('shows a refusal at once and queues nothing', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    scanPageApi(() => HttpResponse.json({ status: 'error', message: 'images: must be an image (JPEG, PNG, WebP …)' }, { status: 415 }));
    const user = userEvent.setup();
    renderPage(<ScanNowPage />);
    await pickAndAnalyse(user);
    expect(await screen.findByText('images: must be an image (JPEG, PNG, WebP …)')).toBeInTheDocument();
    expect(screen.queryByTestId('on-device-result')).not.toBeInTheDocument();
    expect(await outbox.actions.count()).toBe(0);
  });
});
