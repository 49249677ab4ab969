import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { makeLeafImage } from '@verdant/vision/testing';
import { expect, signInThroughUi, test } from '../src/fixtures';
import { roomWithGrid } from '../src/arrange';
import { CHROMIUM_LAUNCH } from '../src/chromium';

/**
 * An RGBA picture as a one-frame Y4M video (4:2:0, full-range BT.601), the format Chromium's fake camera
 * plays in a loop: the "camera" then films a leaf with powdery mildew on an eighth of it.
 */
function y4m(img: { width: number; height: number; data: Uint8Array | Uint8ClampedArray }): Buffer {
  const { width: w, height: h, data } = img;
  const y = Buffer.alloc(w * h);
  const u = Buffer.alloc((w / 2) * (h / 2));
  const v = Buffer.alloc((w / 2) * (h / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const p = (j * w + i) * 4;
      y[j * w + i] = clamp(0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!);
    }
  }
  for (let j = 0; j < h / 2; j++) {
    for (let i = 0; i < w / 2; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const p = ((j * 2 + dy) * w + i * 2 + dx) * 4;
        r += data[p]! / 4;
        g += data[p + 1]! / 4;
        b += data[p + 2]! / 4;
      }
      u[j * (w / 2) + i] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[j * (w / 2) + i] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), y, u, v]);
}

const fakeVideo = path.join(os.tmpdir(), `verdant-e2e-leaf-${process.pid}.y4m`);
fs.writeFileSync(fakeVideo, y4m(makeLeafImage({ width: 640, height: 480, seed: 7, lesions: { powdery: 0.12 } }).image));

test.use({
  permissions: ['camera'],
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${fakeVideo}`],
  },
});

test('record from the camera, see each frame analysed, send the chosen frames as one grid scan and open it', async ({ page, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const room = `Video room ${tag}`;
  const admin = await api.signInAdmin();
  const arranged = await roomWithGrid(api, admin, room, { name: 'Bench R', nx: 2, ny: 2 });

  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/videoCapture');
  await expect(page.getByRole('heading', { level: 1, name: 'Video capture' })).toBeVisible();
  await expect(page.getByText('No frames yet')).toBeVisible();

  await page.getByRole('combobox', { name: 'Take a frame every' }).selectOption('1');
  await page.getByRole('button', { name: 'Turn on the camera' }).click();
  await expect(page.getByTestId('camera-preview')).toBeVisible();
  await expect.poll(() => page.getByTestId('camera-preview').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByText('Recording · 3 of 30 frames')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Stop recording' }).click();

  await expect(page.getByText(/^\d+ frames analysed\./)).toBeVisible({ timeout: 30_000 });
  const frames = page.getByTestId('video-frame');
  const count = await frames.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(frames.first().getByRole('listitem')).toHaveText(/^Powdery mildew · \d+(\.\d)?% of the leaf$/);
  await page.screenshot({ path: test.info().outputPath('video-capture-390.png'), fullPage: true });

  // Every frame shows the leaf, so all are proposed; the user keeps two.
  const boxes = page.getByRole('checkbox', { name: /^Send Frame at / });
  for (let i = 2; i < count; i++) await boxes.nth(i).uncheck();
  await expect(page.getByText('2 of at most 8 frames chosen.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Room' }).selectOption({ label: room });
  await page.getByRole('combobox', { name: 'Grid' }).selectOption({ label: 'Bench R' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('video-capture-1440.png'), fullPage: true });
  await page.getByRole('button', { name: 'Send 2 frames as a scan' }).click();
  await expect(page.getByText('Scan sent')).toBeVisible({ timeout: 30_000 });

  const history = await api.get<{ scans: Array<{ scan_id: number; scan_type: string; image_count: number; GridID: number | null }> }>(
    admin,
    `/api/get_scan_history?company_id=${admin.user.company_id}&room_id=${arranged.roomId}`,
  );
  expect(history.scans).toHaveLength(1);
  expect(history.scans[0]).toMatchObject({ scan_type: 'grid', image_count: 2 });
  const details = await api.get<{ scan: { detections: Array<{ problem: string | null }> } }>(
    admin,
    `/api/get_scan_details?company_id=${admin.user.company_id}&scan_id=${history.scans[0]!.scan_id}`,
  );
  expect(details.scan.detections.map((d) => d.problem)).toContain('Powdery mildew');

  await page.getByRole('link', { name: 'Open the scan' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/scanHistory/grid/${history.scans[0]!.scan_id}$`));
  await expect(page.getByTestId('scan-result')).toBeVisible();
});

test('where the camera is refused, a recorded video file is read instead', async ({ page, server, context }) => {
  test.setTimeout(90_000);
  await context.clearPermissions();
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/videoCapture');
  // The browser refuses the camera (as a person who said no): the screen says so and the file stays.
  await page.evaluate(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: 'Turn on the camera' }).click();
  await expect(page.getByText('The camera is not allowed')).toBeVisible();

  // A 3 s WebM made in the page with MediaRecorder from a canvas showing a leaf, chosen in the file input.
  await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    const draw = () => {
      ctx.fillStyle = '#8a8a80';
      ctx.fillRect(0, 0, 320, 240);
      ctx.fillStyle = '#3f8f2f';
      ctx.beginPath();
      ctx.ellipse(160, 120, 120, 80, 0, 0, Math.PI * 2);
      ctx.fill();
    };
    draw();
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const parts: Blob[] = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    const timer = setInterval(draw, 100);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    clearInterval(timer);
    recorder.stop();
    await stopped;
    const input = document.querySelector<HTMLInputElement>('[data-testid="video-file"]')!;
    const files = new DataTransfer();
    files.items.add(new File(parts, 'round.webm', { type: 'video/webm' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(page.getByText(/^\d+ frames? analysed\./)).toBeVisible({ timeout: 30_000 });
  const frames = page.getByTestId('video-frame');
  expect(await frames.count()).toBeGreaterThanOrEqual(1);
  await expect(frames.first().getByRole('img', { name: 'Frame at 0:00' })).toBeVisible();
  await expect(frames.first().getByText(/Leaf: nothing found|Neither a leaf nor a sticky card|% of the leaf/)).toBeVisible();
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('record offline: the scan waits in the outbox with the phone\'s analysis, and online exactly one scan arrives', async ({ page, context, api, server }) => {
    test.setTimeout(150_000);
    const tag = randomBytes(3).toString('hex');
    const room = `Offline video ${tag}`;
    const admin = await api.signInAdmin();
    const arranged = await roomWithGrid(api, admin, room, { name: 'Bench O', nx: 2, ny: 2 });
    const scansOfRoom = async () =>
      (await api.get<{ scans: Array<{ scan_id: number; image_count: number }> }>(admin, `/api/get_scan_history?company_id=${admin.user.company_id}&room_id=${arranged.roomId}`)).scans;

    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto('/dashboard/videoCapture');
    // The service worker is in control before the connection goes: offline, the analysis worker's code comes from it.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Video capture' })).toBeVisible();
    await context.setOffline(true);

    await page.getByRole('combobox', { name: 'Take a frame every' }).selectOption('1');
    await page.getByRole('button', { name: 'Turn on the camera' }).click();
    await expect.poll(() => page.getByTestId('camera-preview').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByText('Recording · 3 of 30 frames')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(page.getByText(/^\d+ frames? analysed\./)).toBeVisible({ timeout: 30_000 });
    // The frames that show the leaf are proposed (at most 8); they go as they are.
    const chosen = Number((await page.getByText(/^\d+ of at most 8 frames chosen\.$/).textContent())!.split(' ')[0]);
    expect(chosen).toBeGreaterThanOrEqual(1);
    await page.getByRole('combobox', { name: 'Room' }).selectOption({ label: room });
    await page.getByRole('combobox', { name: 'Grid' }).selectOption({ label: 'Bench O' });
    await page.getByRole('button', { name: /^Send \d+ frames? as a scan$/ }).click();
    await expect(page.getByText('Waiting to be sent')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath('video-offline-390.png'), fullPage: true });
    expect(await scansOfRoom()).toHaveLength(0);

    // Back online: the outbox sends it; exactly one scan, with its frames and the phone's own answer.
    await context.setOffline(false);
    await expect.poll(async () => (await scansOfRoom()).length, { timeout: 30_000 }).toBe(1);
    // The outbox shows it sent; nothing is left to send a second time.
    await page.goto('/dashboard/outbox');
    await expect(page.getByText('Waiting to be sent')).toHaveCount(0);
    const [scan] = await scansOfRoom();
    expect(await scansOfRoom()).toHaveLength(1);
    expect(scan).toMatchObject({ image_count: chosen });
    const details = await api.get<{ scan: { client_analysis: { format?: string; photos?: Array<{ findings: Array<{ problem: string }> }> } | null } }>(
      admin,
      `/api/get_scan_details?company_id=${admin.user.company_id}&scan_id=${scan!.scan_id}`,
    );
    expect(details.scan.client_analysis?.format).toBe('verdant-device-analysis/1');
    expect(details.scan.client_analysis?.photos).toHaveLength(chosen);
    expect(details.scan.client_analysis?.photos?.[0]?.findings.map((f) => f.problem)).toContain('Powdery mildew');
  });
});
