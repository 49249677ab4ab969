/**
 * Checks that the analysis gives the same answer in Chromium as in Node, bit for bit, on the generated test
 * images (and a 12-megapixel leaf analysed in a Web Worker), and prints the worker's times.
 * Run from the repository root: `node packages/vision/scripts/chromium-parity.mjs` (CHROMIUM_PATH to override).
 * The same-answer check on the generated images is also a Playwright spec (packages/e2e/specs/vision-parity.spec.ts).
 */
import { chromium } from 'playwright-core';
import { buildParityBundle, runInNode } from './parity-bundle.mjs';

const code = await buildParityBundle();
const node = runInNode(code);
const inNode = node.all;
const bigInNode = node.big();

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
