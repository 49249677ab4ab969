/**
 * Scan benchmark (issue 13): a 12-megapixel photo (4000 × 3000 JPEG of a generated leaf with lesions) through
 * what POST /create_scan does before it stores anything: sharp decode with EXIF rotation to full-size RGBA
 * (lib/vision/pixels.ts), then the built-in analysis, which area-averages to 1024 px itself as the phone does
 * (lib/vision/engine.ts), beside a bare sharp decode of the same file to raw pixels, in the same run.
 * Goal: p50 of the pipeline under 400 ms. Env: BENCH_ITERATIONS (default 21).
 */
import sharp from 'sharp';
import { makeLeafImage } from '@verdant/vision/testing';
import { decodeForAnalysis } from '../packages/server/src/lib/vision/pixels.js';
import { runModel } from '../packages/server/src/lib/vision/engine.js';
import { defaultModel } from '../packages/server/src/lib/vision/models.js';
import { MAX_MEGAPIXELS } from '../packages/server/src/lib/images/images.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 21);
const GOAL_MS = 400;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

const leaf = makeLeafImage({ width: 4000, height: 3000, seed: 5, lesions: { chlorotic: 0.06, necrotic: 0.03, powdery: 0.04 } });
const raw = leaf.image;
const jpeg = await sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), { raw: { width: raw.width, height: raw.height, channels: 4 } })
  .jpeg({ quality: 90 })
  .toBuffer();
const model = defaultModel();

const bare: number[] = [];
const decode: number[] = [];
const analyse: number[] = [];
const total: number[] = [];
let findings = '';
for (let i = 0; i < ITERATIONS + 1; i++) {
  let t = process.hrtime.bigint();
  await sharp(jpeg).raw().toBuffer();
  const bareMs = ms(t);
  t = process.hrtime.bigint();
  const pixels = await decodeForAnalysis(jpeg, MAX_MEGAPIXELS * 1_000_000);
  const decodeMs = ms(t);
  t = process.hrtime.bigint();
  const result = await runModel(model, pixels);
  const analyseMs = ms(t);
  findings = `${result.kind}: ${result.detections.map((d) => `${d.label} ${d.affectedPercent}%`).join(', ')} (drawn: chlorotic ${(leaf.expected.chlorotic * 100).toFixed(1)}%, necrotic ${(leaf.expected.necrotic * 100).toFixed(1)}%, powdery ${(leaf.expected.powdery * 100).toFixed(1)}%)`;
  if (i === 0) continue; // the first round warms sharp's and V8's caches
  bare.push(bareMs);
  decode.push(decodeMs);
  analyse.push(analyseMs);
  total.push(decodeMs + analyseMs);
}

const row = (label: string, xs: number[]) => `| ${label} | ${quantile(xs, 0.5).toFixed(0)} | ${quantile(xs, 0.95).toFixed(0)} |`;
const p50 = quantile(total, 0.5);
const markdown = [
  '## Scan: 12-megapixel photo, decode + analysis (`npm run bench:scan -w @verdant/bench`)',
  '',
  machineLine(),
  `- photo: 4000 × 3000 JPEG (quality 90, ${(jpeg.length / 1024 / 1024).toFixed(1)} MiB) of a generated leaf; ${ITERATIONS} runs after one warm-up`,
  `- result: ${findings}`,
  '',
  '| step | p50 ms | p95 ms |',
  '|---|---:|---:|',
  row('bare sharp decode to raw RGB (full size)', bare),
  row('decode + EXIF rotate to RGBA (lib/vision/pixels.ts)', decode),
  row('analysis: area-average to 1024 px + measure (verdant-vision, built-in model)', analyse),
  row('**pipeline: decode + area-average + analysis**', total),
  '',
  `- goal: pipeline p50 under ${GOAL_MS} ms — ${p50 < GOAL_MS ? 'met' : 'NOT met'} (${p50.toFixed(0)} ms)`,
].join('\n');
console.info(markdown);
writeResultsSection('scan', markdown);
