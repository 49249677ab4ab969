import { expect, test } from '@playwright/test';
// The analysis bundle and its generated images, shared with packages/vision/scripts/chromium-parity.mjs.
import { buildParityBundle, runInNode } from '../../vision/scripts/parity-bundle.mjs';

declare global {
  var parity: { runAll: () => string; worker: () => void };
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
