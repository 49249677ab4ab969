/**
 * The phone's offline fill (issue 19, "An offline fill in bulk") in Chromium on a throttled 4G profile against a
 * seeded PostgreSQL tenant: sign-in through the app, then the time until the account menu says "ready", the API
 * requests and bytes the page received, and the size of the app's IndexedDB afterwards.
 *
 *   npm run seed:scale -- --hectares 2 --companies 0 --database verdant_fill
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/verdant_fill npm run bench:offline-fill -w @verdant/bench
 *
 * The web app must be built (`npm run build -w @verdant/web`): the API process serves packages/web/dist.
 * 4G: ~9 Mbit/s down, ~3 Mbit/s up, 150 ms round trip (CDP Network.emulateNetworkConditions).
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_EMAIL (default the scale company's admin).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../packages/server/src/app.js';
import { parseEnv } from '../packages/server/src/config/env.js';
import { SCALE_ADMIN_EMAIL, SCALE_PASSWORD } from './scale-reads/seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the seeded database (postgres://…/verdant_fill) is required');
const webDist = path.resolve(here, '../packages/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('build the web app first: npm run build -w @verdant/web');

const FOUR_G = { offline: false, latency: 150, downloadThroughput: (9_000_000 / 8), uploadThroughput: (3_000_000 / 8) };
const GOAL_MS = 60_000;
const GOAL_IDB_BYTES = 100 * 1024 * 1024;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-offline-fill-'));
const config = { ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp }), jwtSecret: randomBytes(32).toString('hex'), webDist };
const app = await buildApp(config, { database: { kind: 'postgres', url }, jobs: false, logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FOUR_G);

  let requests = 0;
  let encodedBytes = 0;
  const apiIds = new Set<string>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
    if (new URL(e.request.url).pathname.startsWith('/api/')) {
      requests++;
      apiIds.add(e.requestId);
    }
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    if (apiIds.has(e.requestId)) encodedBytes += e.encodedDataLength;
  });

  const started = performance.now();
  await page.goto('/signIn');
  await page.getByLabel(/e-?mail/i).fill(process.env.BENCH_EMAIL ?? SCALE_ADMIN_EMAIL);
  await page.getByLabel(/^password/i).fill(SCALE_PASSWORD);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL(/\/dashboard(\/|$|\?)/, { timeout: 120_000 });
  await page.getByRole('button', { name: /Account menu for/ }).click();
  const readiness = page.getByTestId('offline-readiness').first();
  await readiness.waitFor();
  await page.waitForFunction(
    () => ['ready', 'incomplete'].includes(document.querySelector('[data-testid="offline-readiness"]')?.getAttribute('data-state') ?? ''),
    undefined,
    { timeout: 15 * 60_000, polling: 250 },
  );
  const ms = performance.now() - started;
  const state = await readiness.getAttribute('data-state');
  const estimate = await page.evaluate(async () => (await navigator.storage.estimate()) as { usage?: number; usageDetails?: { indexedDB?: number } });
  const idb = estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0;
  const load = os.loadavg()[0]!.toFixed(1);
  console.info(
    [
      `offline fill on 4G (150 ms RTT, 9 Mbit/s down), sign-in to ${state}: ${(ms / 1000).toFixed(1)} s (goal < ${GOAL_MS / 1000} s: ${ms < GOAL_MS ? 'met' : 'not met'})`,
      `API requests: ${requests}; bytes on the wire (encoded): ${(encodedBytes / 1024).toFixed(0)} KB`,
      `IndexedDB: ${(idb / 1024 / 1024).toFixed(1)} MB (goal < 100 MB: ${idb < GOAL_IDB_BYTES ? 'met' : 'not met'})`,
      `load average ${load}`,
    ].join('\n'),
  );
} finally {
  await browser.close();
  await app.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
