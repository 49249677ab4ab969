/**
 * One browser bundle of the analysis and its generated test images, for checking that Chromium and Node
 * answer the same (the Playwright parity spec and `chromium-parity.mjs`, which also times a 12 MP leaf).
 * `globalThis.parity.runAll()` answers the JSON of every case; `runBig()` the 12 MP leaf's; `worker()`
 * turns a Web Worker into one that times the 12 MP leaf five times.
 */
import { build } from 'esbuild';

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

/** The IIFE bundle's source text. */
export async function buildParityBundle() {
  const bundled = await build({ stdin: { contents: entry, resolveDir: src, loader: 'ts' }, bundle: true, format: 'iife', write: false });
  return bundled.outputFiles[0].text;
}

/** The same cases answered in this Node process. */
export function runInNode(code) {
  new Function(code)();
  return { all: globalThis.parity.runAll(), big: () => globalThis.parity.runBig() };
}
