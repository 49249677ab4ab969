/**
 * Room map first paint: the web app's <GridMap> drawing a 10,000-box grid, beside a plain canvas page
 * drawing the same 10,000 rectangles with fillRect, in the same Chromium run.
 *
 *   map page     bench/room-map/map.html: React 19 + i18next + the real GridMap component (production
 *                Vite build, minified), one 100 × 100 grid with colours, names and culled boxes.
 *   canvas page  bench/room-map/canvas.html: no framework, one devicePixelRatio-aware canvas, 10,000 fillRect.
 *
 * Both pages are built together by Vite and served from 127.0.0.1 by a tiny static server. A time is
 * performance.now() (ms since navigation start) when the frame holding the drawing has been painted
 * (requestAnimationFrame, then the next task). Runs alternate between the pages in fresh browser contexts;
 * the median is reported. Goal: map ≤ 2 × canvas.
 *
 * Zoom step: in the map page, after first paint, the "Zoom in" / "Zoom out" buttons are clicked in turn
 * (3 in, 3 out, from the fitted 10,000 boxes to close up and back); a step's time is from the click until
 * React has re-rendered and the canvas has been repainted (synchronous for a click), and, beside it, until
 * the next frame. Goal: the repaint ≤ 16 ms (one frame at 60 Hz).
 *
 * Env: BENCH_RUNS (default 15), CHROMIUM_PATH (default /usr/bin/chromium), BENCH_DPR (default 2).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DPR = Number(process.env.BENCH_DPR ?? 2);
const GOAL_RATIO = 2;
const GOAL_ZOOM_MS = 16;
const ZOOM_STEPS = 6;

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

async function buildHarness(outDir: string) {
  const root = path.join(here, 'room-map');
  await build({
    root,
    logLevel: 'warn',
    configFile: false,
    // Vite's own transform compiles the TSX (automatic JSX runtime); no React plugin is needed for a build.
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      outDir,
      emptyOutDir: true,
      // One bundle per page, like the app's route chunk with React: the size is part of what we measure.
      chunkSizeWarningLimit: 2000,
      rollupOptions: { input: { map: path.join(root, 'map.html'), canvas: path.join(root, 'canvas.html') } },
    },
  });
}

function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-room-map-'));
  await buildHarness(outDir);
  const site = await serve(outDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const times: Record<'map' | 'canvas', number[]> = { map: [], canvas: [] };
  const nodes: Record<'map' | 'canvas', number> = { map: 0, canvas: 0 };
  const zoom = { sync: [] as number[], frame: [] as number[] };
  try {
    const measure = async (page: 'map' | 'canvas', record = true) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: DPR });
      const tab = await context.newPage();
      await tab.goto(`${site.url}/${page}.html`);
      await tab.waitForFunction('window.__painted !== undefined', undefined, { timeout: 30_000 });
      const t = (await tab.evaluate('window.__painted')) as number;
      nodes[page] = (await tab.evaluate('document.querySelectorAll("*").length')) as number;
      if (page === 'map' && record) {
        for (let i = 0; i < ZOOM_STEPS; i++) {
          const step = (await tab.evaluate(`window.__zoomStep('${i < ZOOM_STEPS / 2 ? 'in' : 'out'}')`)) as { sync: number; frame: number };
          zoom.sync.push(step.sync);
          zoom.frame.push(step.frame);
        }
      }
      await context.close();
      return t;
    };
    // One warm-up each (Chromium's first context start is not what we measure).
    await measure('map', false);
    await measure('canvas', false);
    for (let i = 0; i < RUNS; i++) {
      for (const page of i % 2 ? (['canvas', 'map'] as const) : (['map', 'canvas'] as const)) times[page].push(await measure(page));
    }
  } finally {
    await browser.close();
    await site.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }

  const map = median(times.map);
  const canvas = median(times.canvas);
  const limit = GOAL_RATIO * canvas;
  const zoomMs = median(zoom.sync);
  const zoomFrame = median(zoom.frame);
  const pass = map <= limit && zoomMs <= GOAL_ZOOM_MS;
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.info(`\nRoom map first paint, 10,000 boxes, Chromium, DPR ${DPR}, ${RUNS} runs each (median, min–max):`);
  console.info(`  GridMap (React app component) ${fmt(map)} ms  (${Math.min(...times.map).toFixed(1)}–${Math.max(...times.map).toFixed(1)})  DOM ${nodes.map} nodes`);
  console.info(`  plain canvas, 10,000 fillRect ${fmt(canvas)} ms  (${Math.min(...times.canvas).toFixed(1)}–${Math.max(...times.canvas).toFixed(1)})  DOM ${nodes.canvas} nodes`);
  console.info(`  first paint ratio ${(map / canvas).toFixed(2)}×; goal ≤ ${GOAL_RATIO}× canvas = ${limit.toFixed(1)} ms → ${map <= limit ? 'PASS' : 'FAIL'}`);
  console.info(
    `  zoom step (${zoom.sync.length} steps): repaint ${zoomMs.toFixed(1)} ms median (max ${Math.max(...zoom.sync).toFixed(1)}), to next frame ${zoomFrame.toFixed(1)} ms; goal repaint ≤ ${GOAL_ZOOM_MS} ms → ${zoomMs <= GOAL_ZOOM_MS ? 'PASS' : 'FAIL'}\n`,
  );
  if (!pass) process.exitCode = 1;
}

await main();
