/**
 * Checks that the analysis gives the same answer in Chromium as in Node, bit for bit, on the generated test
 * images (and a 12-megapixel leaf analysed in a Web Worker), and prints the worker's times.
 * Run from the repository root: `node packages/vision/scripts/chromium-parity.mjs` (CHROMIUM_PATH to override).
 * Not part of the vitest run: it needs a browser; the web app's Playwright tests cover the app's own use.
 */
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const src = new URL('../src/', import.meta.url).pathname;
const entry = `
import { analyseImage } from '${src}index.ts';
import { makeCardImage, makeGreyNoiseImage, makeLeafImage, makeRedObjectImage, makeSkyImage } from '${src}testing/index.ts';
const cases = () => [
  makeLeafImage({ seed: 1, lesions: { necrotic: 0.06, powdery: 0.04, chlorotic: 0.05, dark_spot: 0.02 } }).image,
  makeLeafImage({ seed: 2, atEdge: true, lesions: { necrotic: 0.06 } }).image,
  makeCardImage({ insects: 300, seed: 3, clusters: 3 }).image,
  makeCardImage({ insects: 200, seed: 4, color: 'blue', tilt: true, paleWhiteflies: true }).image,
  makeCardImage({ insects: 200, seed: 5, grid: true }).image,
  makeLeafImage({ seed: 6, zoom: 2, exposure: 0.6, shade: 0.3, lesions: { chlorotic: 0.05, powdery: 0.05 } }).image,
  makeLeafImage({ seed: 7, soilCorner: true, lesions: { dark_spot: 0.03 } }).image,
  makeSkyImage(), makeGreyNoiseImage(), makeRedObjectImage(),
];
const big = () => makeLeafImage({ width: 4000, height: 3000, seed: 21, lesions: { necrotic: 0.08, dark_spot: 0.03 } }).image;
globalThis.parity = {
  runAll: () => JSON.stringify(cases().map((img) => analyseImage(img))),
  runBig: () => JSON.stringify(analyseImage(big())),
  worker: () => {
    const img = big();
    self.onmessage = () => {
      const times = [];
      let out = '';
      for (let k = 0; k < 5; k++) {
        const t = performance.now();
        out = JSON.stringify(analyseImage(img));
        times.push(performance.now() - t);
      }
      self.postMessage({ times, out });
    };
  },
};
`;
const bundled = await build({ stdin: { contents: entry, resolveDir: src, loader: 'ts' }, bundle: true, format: 'iife', write: false });
const code = bundled.outputFiles[0].text;

new Function(code)();
const inNode = globalThis.parity.runAll();
const bigInNode = globalThis.parity.runBig();

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: code });
  const inBrowser = await page.evaluate(() => globalThis.parity.runAll());
  console.info(`generated images: same JSON in Chromium and Node: ${inBrowser === inNode}`);
  const cdp = await page.context().newCDPSession(page);
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const res = await page.evaluate(async (bundle) => {
      const blob = new Blob([`${bundle}\nglobalThis.parity.worker();`], { type: 'text/javascript' });
      const worker = new Worker(URL.createObjectURL(blob));
      return await new Promise((resolve) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.postMessage(0);
      });
    }, code);
    const times = res.times.map((t) => t.toFixed(0)).join(', ');
    console.info(`12 MP leaf in a worker, CPU throttling ${rate}×: ${times} ms; same as Node: ${res.out === bigInNode}`);
    if (res.out !== bigInNode) process.exitCode = 1;
  }
  if (inBrowser !== inNode) process.exitCode = 1;
} finally {
  await browser.close();
}
