import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ScanDetails } from '@verdant/contract';
import { analyseImage, type RgbaImage } from '@verdant/vision';
import { makeCardImage, makeLeafImage, makeSkyImage } from '@verdant/vision/testing';
import { VideoCapture } from '../components/video-capture-page';
import type { CaptureDevice } from '../lib/browser-capture';
import { UnplayableVideoError } from '../lib/browser-capture';
import type { GrabbedFrame } from '../lib/frames';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom, setOnline } from '../../../testing/room-fixtures';
import { actionQueue } from '../../../api/action-queue';
import { ActionQueueDatabase } from '../../../offline/action-queue-store';
import { installBlobCloning } from '../../../offline/__tests__/browser-emulation';
import { companySettingsHandlers } from '../../../testing/settings-handlers';

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

const room = makeRoom({ nx: 3, ny: 1 });
const T = '2026-11-20T09:30:00.000Z';

const leaf = (seed: number, lesions = {}) => makeLeafImage({ width: 320, height: 240, seed, lesions }).image;
const jpegOf = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], `${name}.jpg`, { type: 'image/jpeg' });
const grabbed = (image: RgbaImage, name: string): GrabbedFrame => ({ jpeg: jpegOf(name), pixels: image });

/**
 * A camera that shows `pictures` one after another (generated leaves, cards and skies) and a timer the
 * test fires by hand; the analysis is the real library's, run at once.
 */
function fakeDevice(pictures: GrabbedFrame[], overrides: Partial<CaptureDevice> = {}) {
  let tick: (() => void) | null = null;
  const stopped = vi.fn();
  const queue = [...pictures];
  const device: CaptureDevice = {
    cameraSupported: () => true,
    openCamera: () => Promise.resolve({ getTracks: () => [{ stop: stopped }] } as unknown as MediaStream),
    attach: vi.fn(),
    grab: () => {
      const next = queue.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('no picture'));
    },
    readFile: () => Promise.reject(new Error('not a file test')),
    every: (_ms, fn) => {
      tick = fn;
      return () => {
        tick = null;
      };
    },
    analyse: (pixels) => Promise.resolve(analyseImage(pixels)),
    ...overrides,
  };
  return { device, stopped, tick: () => tick?.(), ticking: () => tick !== null };
}

function scanOf(n: number): ScanDetails {
  return {
    scan_id: 77,
    scan_type: 'grid',
    status: 'needs_review',
    kind: 'leaf',
    RoomID: 11,
    RoomName: 'Bay 1',
    GridID: 21,
    GridName: 'Grid A',
    GridBoxID: null,
    BoxName: null,
    ai_model: 'plantDiseaseRecognition',
    engine: 'verdant-vision',
    engine_version: '1.0.0',
    model: 'verdant-vision-leaf-trap',
    model_version: '1.0.0',
    image_count: n,
    detection_count: 2,
    problems: ['Powdery mildew'],
    thumb_url: null,
    captured_at: T,
    created_at: T,
    created_by: 7,
    created_by_name: 'Me Grower',
    images: Array.from({ length: n }, (_, i) => ({
      scan_image_id: 500 + i,
      position: i,
      image_url: `/image?path=scans/${i}.jpg`,
      thumb_url: `/image?path=scans/${i}_t.jpg`,
      width: 320,
      height: 240,
      kind: 'leaf' as const,
      analysis: {},
    })),
    detections: [],
    client_analysis: null,
  };
}

function api(answer?: () => Response) {
  const created: Array<Record<string, string | string[]>> = [];
  server.use(
    // The company's model decides what the phone's answer files (the measured analysis by default).
    ...companySettingsHandlers().handlers,
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.post(`${API}/create_scan`, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string | string[]> = {};
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else fields[k] = [...((fields[k] as string[] | undefined) ?? []), v.type];
      }
      fields.key = request.headers.get('Idempotency-Key') ?? '';
      created.push(fields);
      if (answer) return answer();
      return HttpResponse.json({ status: 'success', message: 'Scan analysed.', scan: { ...scanOf((fields.images as string[]).length), detections: [] } });
    }),
  );
  return created;
}

describe('VideoCapture', () => {
  it('records from the camera, analyses each sampled frame and sends the chosen ones as one grid scan', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const created = api();
    const cam = fakeDevice([
      grabbed(leaf(3, { powdery: 0.15 }), 'sick'),
      grabbed(leaf(5), 'healthy'),
      grabbed(makeSkyImage(320, 240, 2), 'sky'),
      grabbed(makeCardImage({ width: 500, height: 200, seed: 6, insects: 12 }).image, 'card'),
    ]);
    const user = userEvent.setup();
    renderPage(<VideoCapture device={cam.device} />);

    expect(await screen.findByText('No frames yet')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Take a frame every' })).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Turn on the camera' }));
    await user.click(await screen.findByRole('button', { name: 'Start recording' }));
    expect(await screen.findByText('Recording · 1 of 30 frames')).toBeInTheDocument();
    cam.tick();
    cam.tick();
    cam.tick();
    expect(await screen.findByText('Recording · 4 of 30 frames')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(cam.stopped).toHaveBeenCalled();
    expect(cam.ticking()).toBe(false);

    expect(await screen.findByText(/^4 frames analysed\./)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Frames' })).toBeInTheDocument();
    const frames = screen.getAllByTestId('video-frame');
    expect(frames.map((f) => within(f).getByText(/^\d:\d\d$/).textContent)).toEqual(['0:00', '0:02', '0:04', '0:06']);
    expect(within(frames[0]!).getByText('Powdery mildew')).toBeInTheDocument();
    expect(within(frames[0]!).getByText(/^· 1[45](\.\d)?% of the leaf$/)).toBeInTheDocument();
    expect(within(frames[1]!).getByText('Leaf: nothing found')).toBeInTheDocument();
    expect(within(frames[2]!).getByText('Neither a leaf nor a sticky card')).toBeInTheDocument();
    expect(within(frames[3]!).getAllByText(/^· \d+ counted$/).length).toBeGreaterThan(0);
    expect(within(frames[0]!).getByRole('img', { name: 'Frame at 0:00' })).toBeInTheDocument();

    // The frames that show something are proposed; the sky is not. The user drops the healthy leaf.
    const sendBox = (time: string) => screen.getByRole('checkbox', { name: `Send Frame at ${time}` });
    expect([sendBox('0:00'), sendBox('0:02'), sendBox('0:04'), sendBox('0:06')].map((c) => (c as HTMLInputElement).checked)).toEqual([true, true, false, true]);
    await user.click(sendBox('0:02'));
    expect(screen.getByText('2 of at most 8 frames chosen.')).toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Send 2 frames as a scan' });
    expect(send).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Room' }), '11');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Grid' }), '21');
    await user.click(send);

    expect(await screen.findByText('Scan sent')).toBeInTheDocument();
    expect(created).toEqual([
      expect.objectContaining({
        company_id: '3',
        scan_type: 'grid',
        room_id: '11',
        grid_id: '21',
        images: ['image/jpeg', 'image/jpeg'],
        key: expect.stringMatching(/.+/) as string,
      }),
    ]);
    expect(created[0]).not.toHaveProperty('grid_box_id');
    // The frames' own analyses travel with them, online too: the detail page shows the phone's beside the server's.
    const sent = JSON.parse(created[0]!.client_analysis as string) as { format: string; photos: Array<{ kind: string; findings: Array<{ problem: string }> }> };
    expect(sent.format).toBe('verdant-device-analysis/1');
    expect(sent.photos.map((p) => p.kind)).toEqual(['leaf', 'sticky_trap']);
    expect(sent.photos[0]!.findings.map((f) => f.problem)).toEqual(['Powdery mildew']);
    expect(screen.getByText('2 frames sent. The server found nothing to look at.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the scan' })).toHaveAttribute('href', '/dashboard/scanHistory/grid/77');

    await user.click(screen.getByRole('button', { name: 'Record again' }));
    expect(await screen.findByText('No frames yet')).toBeInTheDocument();
  });

  it('stops by itself after 30 frames and lets at most 8 be sent', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    api();
    const image = leaf(9, { necrotic: 0.08 });
    const cam = fakeDevice(Array.from({ length: 31 }, (_, i) => grabbed(image, `f${i}`)));
    const user = userEvent.setup();
    renderPage(<VideoCapture device={cam.device} />);

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Take a frame every' }), '5');
    await user.click(screen.getByRole('button', { name: 'Turn on the camera' }));
    await user.click(await screen.findByRole('button', { name: 'Start recording' }));
    for (let i = 1; i < 30; i++) cam.tick();
    expect(await screen.findByText(/^30 frames analysed\./)).toBeInTheDocument();
    expect(cam.ticking()).toBe(false);
    expect(screen.queryByRole('button', { name: 'Stop recording' })).toBeNull();

    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(30);
    expect(boxes.filter((b) => b.checked)).toHaveLength(8);
    expect(boxes.filter((b) => !b.checked).every((b) => b.disabled)).toBe(true);
    expect(screen.getByRole('img', { name: 'Frame at 2:25' })).toBeInTheDocument();
    expect(screen.getByText('8 of at most 8 frames chosen.')).toBeInTheDocument();
  });

  it('says the camera is not allowed and reads a chosen video file instead', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    api();
    const readFile = vi.fn<CaptureDevice['readFile']>((_file, intervalS, onFrame) => {
      onFrame(0, grabbed(leaf(3, { powdery: 0.15 }), 'a'));
      onFrame(intervalS, grabbed(leaf(4, { chlorotic: 0.06 }), 'b'));
      return Promise.resolve();
    });
    const cam = fakeDevice([], { openCamera: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')), readFile });
    const user = userEvent.setup();
    renderPage(<VideoCapture device={cam.device} />);

    await user.click(await screen.findByRole('button', { name: 'Turn on the camera' }));
    expect(await screen.findByText('The camera is not allowed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Take a frame every' }), '3');
    await user.upload(screen.getByTestId('video-file'), new File(['webm'], 'round.webm', { type: 'video/webm' }));
    expect(readFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'round.webm' }), 3, expect.any(Function), expect.any(AbortSignal));
    expect(await screen.findByText(/^2 frames analysed\./)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Frame at 0:03' })).toBeInTheDocument();
    expect(screen.getByText('Send 2 frames as a scan')).toBeInTheDocument();
  });

  it('offers only the file where the browser has no camera, and says when a file cannot be played', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    api();
    const cam = fakeDevice([], { cameraSupported: () => false, readFile: () => Promise.reject(new UnplayableVideoError()) });
    const user = userEvent.setup();
    renderPage(<VideoCapture device={cam.device} />);

    expect(await screen.findByText('The camera cannot be used here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on the camera' })).toBeNull();
    await user.upload(screen.getByTestId('video-file'), new File(['x'], 'clip.mov', { type: 'video/quicktime' }));
    expect(await screen.findByText('This video cannot be played in this browser. Try an MP4 or WebM file.')).toBeInTheDocument();
    expect(screen.getByText('No frames yet')).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the frames to try again', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const created = api(() => HttpResponse.json({ status: 'error', message: 'room_id: not found', error: 'not_found' }, { status: 404 }));
    const cam = fakeDevice([grabbed(leaf(3, { powdery: 0.15 }), 'a')]);
    const user = userEvent.setup();
    renderPage(<VideoCapture device={cam.device} />);

    await user.click(await screen.findByRole('button', { name: 'Turn on the camera' }));
    await user.click(await screen.findByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Room' }), '11');
    await user.click(await screen.findByRole('button', { name: 'Send 1 frame as a scan' }));
    expect(await screen.findByText('room_id: not found')).toBeInTheDocument();
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ scan_type: 'room', room_id: '11' });
    expect(screen.getAllByTestId('video-frame')).toHaveLength(1);
  });

  it('without a connection the scan waits in the outbox with its frames and is sent once with the same key', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const created = api();
    const cam = fakeDevice([grabbed(leaf(3, { powdery: 0.15 }), 'a'), grabbed(leaf(4, { chlorotic: 0.06 }), 'b')]);
    const user = userEvent.setup();
    renderPage(<VideoCapture device={cam.device} />);

    await user.click(await screen.findByRole('button', { name: 'Turn on the camera' }));
    await user.click(await screen.findByRole('button', { name: 'Start recording' }));
    cam.tick();
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText(/^2 frames analysed\./)).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Room' }), '11');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Grid' }), '21');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Box' }), String(21 * 100_000 + 2));
    const offline = setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Send 2 frames as a scan' }));
      expect(await screen.findByText('Waiting to be sent')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open the outbox' })).toHaveAttribute('href', '/dashboard/outbox');
      expect(created).toHaveLength(0);
    } finally {
      offline();
    }
    const [queued] = await outbox.actions.toArray();
    expect(queued).toMatchObject({ endpoint: 'createScan', state: 'waiting', companyId: 3, userId: 7, label: 'Video scan · Bay 1 › Grid A › Mother A' });

    await actionQueue().flush({ userId: 7 });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ scan_type: 'box', grid_box_id: String(21 * 100_000 + 2), images: ['image/jpeg', 'image/jpeg'], key: queued!.idempotencyKey });
    const sent = JSON.parse(created[0]!.client_analysis as string) as { ai_model: string; photos: Array<{ findings: Array<{ label: string }> }> };
    expect(sent.ai_model).toBe('plantDiseaseRecognition');
    expect(sent.photos.map((p) => p.findings.map((f) => f.label))).toEqual([['powdery'], ['chlorotic']]);
  });
});
