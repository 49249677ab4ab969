/**
 * Pressure map frame change (issue 11): in Chromium, the room map's own paint functions repaint a fitted
 * 10,000-box grid for each of 12 weekly frames (3 rounds), from the loaded frame arrays — no request.
 * A time runs from the new frame index to the painted canvas (and, beside it, to the next animation
 * frame). Goal: ≤ 50 ms. Env: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_DPR (default 2).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { median } from './lib/timing.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DPR = Number(process.env.BENCH_DPR ?? 2);
const GOAL_MS = 50;

const bundle = await build({ entryPoints: [path.join(here, 'pressure-paint', 'harness.ts')], bundle: true, write: false, format: 'iife', minify: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ deviceScaleFactor: DPR, viewport: { width: 1280, height: 1000 } });
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const { paint, nextFrame } = await page.evaluate((dpr) => window.runPressurePaint(dpr), DPR);
  const worst = Math.max(...paint);
  const section = [
    '## Pressure map frame change (Chromium)',
    '',
    `Written by \`npm run bench:pressure-paint -w @verdant/bench\` (bench/pressure-paint.bench.ts). Latest run: ${new Date().toISOString()}.`,
    '',
    machineLine(),
    `- a fitted 100 × 100 grid (8 px boxes, devicePixelRatio ${DPR}), 12 weekly frames with a drifting hot patch, 3 rounds (${paint.length} frame changes)`,
    '',
    '| measure | median ms | worst ms | goal |',
    '|:---|---:|---:|:---|',
    `| frame change → canvas painted (frame data, boxes, pressure, hot-spot outlines, marks, labels) | ${median(paint).toFixed(1)} | ${worst.toFixed(1)} | ≤ ${GOAL_MS} ms: ${median(paint) <= GOAL_MS ? 'met' : 'NOT met'} (median) |`,
    `| frame change → next animation frame | ${median(nextFrame).toFixed(1)} | ${Math.max(...nextFrame).toFixed(1)} | — |`,
  ].join('\n');
  writeResultsSection('pressure-paint', section);
  console.info(section);
} finally {
  await browser.close();
}
