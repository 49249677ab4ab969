import { expect, test } from '@playwright/test';
import sharp from 'sharp';
// The analysis bundle and its generated images, shared with packages/vision/scripts/chromium-parity.mjs.
import { buildParityBundle, runInNode } from '../../vision/scripts/parity-bundle.mjs';
// The server's own decode (sharp, EXIF rotation applied, full size), as create_scan runs it.
import { decodeForAnalysis } from '../../server/src/lib/vision/pixels.js';

declare global {
  var parity: { runAll: () => string; worker: () => void; jpegWorker: () => void };
}

test('the leaf and sticky-trap analysis answers the same in Chromium (page and Web Worker) as in Node (the server runtime), bit for bit', async ({ page }) => {
  test.setTimeout(120_000);
  const code = await buildParityBundle();
  const node = runInNode(code);
  const cases = JSON.parse(node.all) as Array<{ kind: string }>;
  // Leaves, trap cards and photos that are neither: the comparison is over every kind of answer.
  expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(['leaf', 'sticky_trap', 'unknown']));

  await page.goto('about:blank');
  await page.addScriptTag({ content: code });
  expect(await page.evaluate(() => globalThis.parity.runAll())).toBe(node.all);

  // The app analyses in a worker: the 12-megapixel leaf there gives the Node answer too.
  const fromWorker = await page.evaluate(async (bundle) => {
    const blob = new Blob([`${bundle}\nglobalThis.parity.worker();`], { type: 'text/javascript' });
    const worker = new Worker(URL.createObjectURL(blob));
    const out = await new Promise<string>((resolve) => {
      worker.onmessage = (e: MessageEvent<{ out: string }>) => resolve(e.data.out);
      worker.postMessage(0);
    });
    worker.terminate();
    return out;
  }, code);
  expect(fromWorker).toBe(node.big());
});

test('a JPEG gives the same findings (numbers and shapes) on the server path (sharp) as on the phone path (Chromium decode in a worker)', async ({ page }) => {
  test.setTimeout(120_000);
  const code = await buildParityBundle();
  const node = runInNode(code);
  // Quality 90 with 4:2:0 chroma, as phone cameras save: the decoders must agree on the upsampling too.
  const jpegs = await Promise.all(
    node.photoCases().map((img) => sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 4 } }).jpeg({ quality: 90 }).toBuffer()),
  );
  const server: string[] = [];
  for (const jpeg of jpegs) {
    const pixels = await decodeForAnalysis(jpeg, 50_000_000);
    server.push(node.findingsOfPixels(pixels.data, pixels.width, pixels.height));
  }
  const kinds = server.map((json) => (JSON.parse(json) as { kind: string }).kind);
  expect(new Set(kinds)).toEqual(new Set(['leaf', 'sticky_trap', 'unknown']));

  await page.goto('about:blank');
  const phone = await page.evaluate(
    async ({ bundle, photos }) => {
      const blob = new Blob([`${bundle}\nglobalThis.parity.jpegWorker();`], { type: 'text/javascript' });
      const worker = new Worker(URL.createObjectURL(blob));
      const bytes = photos.map((b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
      const out = await new Promise<string[]>((resolve) => {
        worker.onmessage = (e: MessageEvent<string[]>) => resolve(e.data);
        worker.postMessage(bytes);
      });
      worker.terminate();
      return out;
    },
    { bundle: code, photos: jpegs.map((j) => j.toString('base64')) },
  );
  // Exact: libjpeg-turbo in sharp (libvips) and in Chromium decode these JPEGs to the same pixels, so the
  // findings JSON — shares, counts, confidences and every polygon corner — is the same text.
  expect(phone).toEqual(server);
});
