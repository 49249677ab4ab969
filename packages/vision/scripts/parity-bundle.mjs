/**
 * One browser bundle of the analysis and its generated test images, for checking that Chromium and Node
 * answer the same (the Playwright parity spec and `chromium-parity.mjs`, which also times a 12 MP leaf).
 * `globalThis.parity.runAll()` answers the JSON of every case; `runBig()` the 12 MP leaf's; `worker()`
 * turns a Web Worker into one that times the 12 MP leaf five times.
 * For decoded photos: `photoCases()` gives the pixels to encode as JPEG, `findingsOfPixels()` the findings
 * JSON of decoded pixels (the server's path after sharp), and `jpegWorker()` turns a Web Worker into the
 * phone's path: the app's own decode (packages/web/src/lib/on-device-analysis/decode.ts), the analysis and
 * photoFindings, answering the findings JSON of each JPEG it is sent.
 */
import { build } from 'esbuild';

const src = new URL('../src/', import.meta.url).pathname;
const webDecode = new URL('../../web/src/lib/on-device-analysis/decode.ts', import.meta.url).pathname;
const entry = `
import { analyseImage, photoFindings } from '${src}index.ts';
import { decode } from '${webDecode}';
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
// Photos to send as JPEG: lesions at the leaf's edge, cards with grid lines, a tilted blue card, a photo that is neither.
const photoCases = () => [
  makeLeafImage({ seed: 11, lesions: { necrotic: 0.06, powdery: 0.04, chlorotic: 0.05, dark_spot: 0.02 } }).image,
  makeLeafImage({ seed: 12, atEdge: true, width: 1600, height: 1200, lesions: { necrotic: 0.08 } }).image,
  makeCardImage({ insects: 150, seed: 13, grid: true }).image,
  makeCardImage({ insects: 120, seed: 14, color: 'blue', tilt: true }).image,
  makeSkyImage(),
];
const findingsJson = (img) => JSON.stringify(photoFindings(analyseImage(img)));
const big = () => makeLeafImage({ width: 4000, height: 3000, seed: 21, lesions: { necrotic: 0.08, dark_spot: 0.03 } }).image;
globalThis.parity = {
  photoCases,
  findingsOfPixels: (data, width, height) => findingsJson({ data, width, height }),
  jpegWorker: () => {
    self.onmessage = async (e) => {
      const out = [];
      for (const bytes of e.data) out.push(findingsJson(await decode(new Blob([bytes], { type: 'image/jpeg' }))));
      self.postMessage(out);
    };
  },
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
  const p = globalThis.parity;
  return { all: p.runAll(), big: () => p.runBig(), photoCases: p.photoCases, findingsOfPixels: p.findingsOfPixels };
}
