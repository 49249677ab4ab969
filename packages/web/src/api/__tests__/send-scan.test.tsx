import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { analyseImage } from '@verdant/vision';
import { makeLeafImage } from '@verdant/vision/testing';
import { useSendScan, type ScanSend } from '../mutations/scans';
import { createTestQueryClient } from '../../testing/render';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { setOnline } from '../../testing/room-fixtures';
import { ActionQueueDatabase } from '../../offline/action-queue-store';
import { installBlobCloning } from '../../offline/__tests__/browser-emulation';
import { deviceAnalysisOf, deviceSelection } from '../../lib/on-device-analysis/device-analysis';
import type { ScanDetails } from '@verdant/contract';

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

const T = '2026-11-20T09:30:00.000Z';
/** The server's answer to a room scan of one photo that found nothing. */
const makeScan = (id: number): ScanDetails => ({
  scan_id: id, scan_type: 'room', status: 'clear', kind: 'leaf', RoomID: 11, RoomName: 'Bay 1', GridID: null, GridName: null, GridBoxID: null, BoxName: null,
  ai_model: 'plantDiseaseRecognition', engine: 'verdant-vision', engine_version: '1.0.0', model: 'plantDiseaseRecognition', model_version: '1.0.0',
  image_count: 1, detection_count: 0, problems: [], thumb_url: null, captured_at: T, created_at: T, created_by: 7, created_by_name: 'Me Grower',
  images: [{ scan_image_id: 500, position: 0, image_url: '/image?key=s.jpg', thumb_url: '/image?key=s_t.jpg', width: 320, height: 240, kind: 'leaf', analysis: {} }],
  detections: [],
  client_analysis: null,
});

const leaf = analyseImage(makeLeafImage({ seed: 2, lesions: { powdery: 0.1 } }).image);
const analysis = deviceAnalysisOf([leaf], { analysedAt: new Date('2026-11-20T09:00:00Z'), aiModel: 'plantDiseaseRecognition', selection: deviceSelection('plantDiseaseRecognition')! });

function send(over: Partial<ScanSend> = {}): ScanSend {
  return {
    scan: { company_id: 3, scan_type: 'room', room_id: 11, images: [new Blob([new Uint8Array([1])], { type: 'image/png' })], captured_at: '2026-11-20T09:00:00.000Z' },
    label: 'Bay 1',
    deviceAnalysis: vi.fn(async () => analysis),
    ...over,
  };
}

function createScan(answer: () => Response) {
  const received: Array<{ key: string | null; analysis: string | null }> = [];
  server.use(
    http.post(`${API}/create_scan`, async ({ request }) => {
      const form = await request.formData();
      received.push({ key: request.headers.get('idempotency-key'), analysis: form.get('client_analysis') as string | null });
      return answer();
    }),
  );
  return received;
}

function hook() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useSendScan(3, 7), { wrapper });
}

describe('useSendScan: the one send of Scan now and Video capture', () => {
  it('online: sends at once with a key, and makes no analysis it was not handed', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const received = createScan(() => HttpResponse.json({ status: 'success', message: 'Scan analysed.', scan: makeScan(31) }));
    const { result } = hook();
    const s = send();
    const outcome = await act(() => result.current.mutateAsync(s));
    expect(outcome).toMatchObject({ kind: 'sent', scan: { scan_id: 31 }, analysis: null });
    expect(received).toEqual([{ key: expect.stringMatching(/.+/) as string, analysis: null }]);
    expect(s.deviceAnalysis).not.toHaveBeenCalled();
    expect(await outbox.actions.count()).toBe(0);
  });

  it('an answer at hand goes online too (Video capture)', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const received = createScan(() => HttpResponse.json({ status: 'success', message: 'Scan analysed.', scan: makeScan(32) }));
    const { result } = hook();
    await act(() => result.current.mutateAsync(send({ analysisAtHand: true })));
    expect(JSON.parse(received[0]!.analysis!)).toMatchObject({ format: 'verdant-device-analysis/1', ai_model: 'plantDiseaseRecognition' });
  });

  it('no answer: the scan waits in the outbox with the same key and the phone\'s analysis', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const received = createScan(() => HttpResponse.error());
    const { result } = hook();
    const outcome = await act(() => result.current.mutateAsync(send()));
    expect(outcome).toMatchObject({ kind: 'queued', analysis });
    const [queued] = await outbox.actions.toArray();
    expect(queued).toMatchObject({ endpoint: 'createScan', companyId: 3, userId: 7, label: 'Bay 1' });
    await waitFor(() => expect(received.length).toBeGreaterThanOrEqual(2));
    expect(new Set(received.map((r) => r.key))).toEqual(new Set([queued!.idempotencyKey]));
    expect(received[1]!.analysis).toContain('"powdery"');
  });

  it('offline: no request, queued at once; a failed analysis still queues the scan without one', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const received = createScan(() => HttpResponse.json({ status: 'success', message: 'Scan analysed.', scan: makeScan(33) }));
    const { result } = hook();
    const offline = setOnline(false);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let outcome;
    try {
      outcome = await act(() => result.current.mutateAsync(send({ deviceAnalysis: async () => Promise.reject(new Error('no worker')) })));
    } finally {
      offline();
    }
    expect(outcome).toMatchObject({ kind: 'queued', analysis: null });
    expect(received).toHaveLength(0);
    const [queued] = await outbox.actions.toArray();
    expect((queued!.input as { client_analysis?: string }).client_analysis).toBeUndefined();
  });

  it('a refusal is shown and nothing is queued', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    createScan(() => HttpResponse.json({ status: 'error', message: 'images: must be an image' }, { status: 415 }));
    const { result } = hook();
    const s = send();
    await act(async () => {
      await expect(result.current.mutateAsync(s)).rejects.toThrow('images: must be an image');
    });
    expect(s.deviceAnalysis).not.toHaveBeenCalled();
    expect(await outbox.actions.count()).toBe(0);
  });
});
