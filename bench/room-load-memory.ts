/**
 * Server memory of load_room_grids_boxes for the largest answers the box limits allow: one room of
 * 50,000 boxes (VERDANT_MAX_BOXES_PER_ROOM) and the whole company of 250,000 (…_PER_COMPANY, no
 * room_id). The data is made once on a PostgreSQL server (DATABASE_URL, required: the database runs
 * in another process, so what is measured is the API server alone); each load then runs in a fresh
 * child process that reports its peak RSS above its idle RSS (the kernel's high-water mark, so no
 * peak is missed between samples) and the sampled peak of heap + external memory.
 *
 *   DATABASE_URL=postgres://user@host/postgres npx tsx bench/room-load-memory.ts
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app.js';
import { parseEnv } from '../packages/server/src/config/env.js';
import { openScratchDatabase } from '../packages/server/src/db/scratch-database.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';

const ROOMS = 5;
const [NX, NY] = [250, 200];

async function appOn(url: string, jwtSecret: string) {
  const config = { ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'verdant-mem') }), jwtSecret };
  return buildApp(config, { database: { kind: 'postgres', url }, jobs: false, logger: false });
}

async function parent() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (a scratch database is made there and dropped).');
  const scratch = await openScratchDatabase({ serverUrl, prefix: 'verdant_mem' });
  const url = scratch.target.kind === 'postgres' ? scratch.target.url : '';
  const u = new URL(url);
  const jwtSecret = randomBytes(32).toString('hex');
  try {
    const app = await appOn(url, jwtSecret);
    const companyId = await makeCompany(app, 'Memory Greenhouse');
    const user = await makeUser(app, companyId, 'Regular');
    const roomIds: number[] = [];
    for (let i = 0; i < ROOMS; i++) {
      const room = await app.db.insertInto('rooms').values({ company_id: companyId, name: `Room ${i + 1}` }).returning('room_id').executeTakeFirstOrThrow();
      const res = await app.inject({
        method: 'POST',
        url: '/api/Create_grid',
        headers: user.auth,
        payload: { nx: NX, ny: NY, ngrid_name: `Grid ${i + 1}`, ncompany_id: companyId, nroom_id: room.room_id },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      roomIds.push(room.room_id);
    }
    await app.close();
    console.info(`${ROOMS} rooms of ${(NX * NY).toLocaleString('en-US')} boxes on ${u.host}; one child process per load\n`);
    console.info('| load | answer | time | peak RSS above idle (before the load) | peak heap + external above idle |');
    console.info('|---|---|---|---|---|');
    const scenarios: Array<[string, string]> = [
      [`one room, ${(NX * NY).toLocaleString('en-US')} boxes`, `company_id=${companyId}&room_id=${roomIds[0]}`],
      [`whole company, ${(ROOMS * NX * NY).toLocaleString('en-US')} boxes`, `company_id=${companyId}`],
    ];
    for (const [label, query] of scenarios) {
      const child = spawnSync(process.execPath, [...(process.env.MEM_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'child'], {
        env: { ...process.env, MEM_URL: url, MEM_SECRET: jwtSecret, MEM_QUERY: query, MEM_AUTH: JSON.stringify(user.auth) },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      if (child.status !== 0) {
        console.info(`| ${label} | failed: ${child.stderr.split('\n').find((l) => /heap|memory/i.test(l)) ?? child.stderr.slice(0, 200)} | | | |`);
        continue;
      }
      const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as Record<string, number>;
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      console.info(`| ${label} | ${mb(r.bytes!)} | ${r.ms!.toFixed(0)} ms | ${mb(r.rss!)} (${mb(r.rssBefore!)}) | ${mb(r.heap!)} |`);
    }
  } finally {
    await scratch.drop();
  }
}

async function child() {
  const app = await appOn(process.env.MEM_URL!, process.env.MEM_SECRET!);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = JSON.parse(process.env.MEM_AUTH!) as Record<string, string>;
  const get = (p: string) =>
    new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      http
        .get(`${address}${p}`, { headers }, (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  await get('/api/health');
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  const idle = process.memoryUsage();
  const idleHeap = idle.heapUsed + idle.external;
  let peakHeap = idleHeap;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
  }, 2);
  const rssBefore = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();
  const res = await get(`/api/load_room_grids_boxes?${process.env.MEM_QUERY}`);
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  await app.close();
  console.info(JSON.stringify({ bytes: res.bytes, ms, rss: peakRss - idle.rss, rssBefore: rssBefore - idle.rss, heap: peakHeap - idleHeap }));
}

(process.argv[2] === 'child' ? child() : parent()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
