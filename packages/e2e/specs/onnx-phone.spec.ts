import { randomBytes } from 'node:crypto';
import { makeLeafImage } from '@verdant/vision/testing';
import { expect, signInThroughUi, test } from '../src/fixtures';
import { roomWithGrid } from '../src/arrange';
import { png } from '../src/png';
import { E2E_ONNX_MODEL } from '../src/env';

type Scores = Array<{ label: string; probability: number }>;

// The company's chosen model is the generated classifier global setup put in AI_MODEL_DIR (three labels
// driven by the photo's mean colour). The same decoded JPEG goes through onnxruntime-web in the phone's
// worker (offline) and onnxruntime-node on the server (when the outbox sends it): same label, same
// probabilities within 1e-4.
// Offline the classifier's worker and the runtime's code come from the service worker's precache, as on a phone.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

test('a company\'s ONNX classifier runs on the phone offline and gives the server\'s label and probabilities', async ({ page, context, api, server }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const room = `ONNX room ${tag}`;
  const admin = await api.signInAdmin();
  const company = admin.user.company_id;
  const arranged = await roomWithGrid(api, admin, room, { name: 'Bench N', nx: 2, ny: 1 });
  const auth = { authorization: `Bearer ${admin.access_token}` };
  const before = await api.get<{ ai_model: string }>(admin, `/api/get_company_ai_model?company_id=${company}`);
  expect((await api.request.post(`/api/set_company_ai_model?company_id=${company}&ai_model=${E2E_ONNX_MODEL.name}`, { headers: auth })).status()).toBe(200);
  try {
    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto('/dashboard/scanNow');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // Online, Scan now keeps the model and the runtime's WASM on the phone (from our own server).
    await expect(page.getByTestId('device-model-status')).toHaveText(`${E2E_ONNX_MODEL.name} runs on this phone too, also without a connection.`, { timeout: 60_000 });
    const wasm = await page.evaluate(async () => (await (await caches.open('verdant-device-models-v1')).keys()).map((r) => new URL(r.url).pathname));
    expect(wasm.some((p) => /^\/assets\/ort-wasm-simd-threaded.*\.wasm$/.test(p))).toBe(true);

    // A JPEG made by the browser from a yellowing leaf: the photo both sides decode.
    const leaf = png(makeLeafImage({ width: 480, height: 360, seed: 5, lesions: { chlorotic: 0.3 } }).image).toString('base64');
    const jpeg = await page.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })).arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    }, leaf);

    await context.setOffline(true);
    await page.getByRole('combobox', { name: 'Room', exact: true }).selectOption({ label: room });
    await page.getByTestId('scan-upload').setInputFiles({ name: 'leaf.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
    await page.getByRole('button', { name: 'Analyse' }).click();
    const result = page.getByTestId('on-device-result');
    await expect(result.getByText('Waiting to send')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('device-classification')).toContainText(`${E2E_ONNX_MODEL.name} on this phone, photo 1:`);
    await page.screenshot({ path: test.info().outputPath('onnx-phone-390.png'), fullPage: true });

    await context.setOffline(false);
    const history = async () =>
      (await api.get<{ scans: Array<{ scan_id: number }> }>(admin, `/api/get_scan_history?company_id=${company}&room_id=${arranged.roomId}`)).scans;
    await expect.poll(async () => (await history()).length, { timeout: 30_000 }).toBe(1);
    const [scan] = await history();
    const details = await api.get<{
      scan: { model: string; images: Array<{ analysis: { scores?: Scores } }>; client_analysis: { photos?: Array<{ scores?: Scores }>; classifier?: { name: string } } | null };
    }>(admin, `/api/get_scan_details?company_id=${company}&scan_id=${scan!.scan_id}`);
    expect(details.scan.model).toBe(E2E_ONNX_MODEL.name);
    expect(details.scan.client_analysis?.classifier?.name).toBe(E2E_ONNX_MODEL.name);
    const onServer = details.scan.images[0]!.analysis.scores!;
    const onPhone = details.scan.client_analysis!.photos![0]!.scores!;
    expect(onPhone.map((s) => s.label)).toEqual(onServer.map((s) => s.label));
    expect(onServer).toHaveLength(E2E_ONNX_MODEL.labels.length);
    for (const [i, s] of onServer.entries()) expect(Math.abs(s.probability - onPhone[i]!.probability)).toBeLessThanOrEqual(1e-4);
  } finally {
    await api.request.post(`/api/set_company_ai_model?company_id=${company}&ai_model=${before.ai_model}`, { headers: auth });
  }
});
