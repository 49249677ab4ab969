/**
 * load_room_grids_boxes benchmark: the real endpoint (HTTP, bearer token, contract checks, tenancy)
 * beside a bare script running the same SQL through `pg` and `JSON.stringify`-ing the result, in the
 * same run, for one room of 1,000, 10,000 and 50,000 boxes.
 *
 * Goals (issue 3): app ≤ 1.5× bare at each size; app at 10k ≤ 12× app at 1k.
 * Env: BENCH_ITERATIONS (default 15), DATABASE_URL (a PostgreSQL server; a fresh database is made there).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.js';
import { parseEnv } from '../packages/server/src/config/env.js';
import { startEmbeddedDatabase } from '../packages/server/src/db/pglite.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { roomTreeJson } from '../packages/server/src/modules/rooms/room-tree.sql.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 15);
const SIZES: Array<[label: string, nx: number, ny: number]> = [
  ['1k', 25, 40],
  ['10k', 100, 100],
  ['50k', 250, 200],
];

async function openDatabase(tmp: string) {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const embedded = await startEmbeddedDatabase(path.join(tmp, 'pgdata'));
    return { url: embedded.url, label: 'embedded PGlite', stop: () => embedded.stop() };
  }
  const name = `verdant_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL at ${url.host}`,
    async stop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A plain keep-alive GET: fetch (undici) adds a few milliseconds of its own per request, which is not the server's. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs both variants alternately (after a warm-up) so neither gains from a warmer cache or JIT; answers medians. */
async function timeBoth(app: () => Promise<number>, bare: () => Promise<number>, iterations: number) {
  for (let i = 0; i < 5; i++) {
    await app();
    await bare();
  }
  const a: number[] = [];
  const b: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    let started = performance.now();
    bytes = await app();
    a.push(performance.now() - started);
    started = performance.now();
    await bare();
    b.push(performance.now() - started);
  }
  return { app: median(a), bare: median(b), bytes };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-bench-facility-'));
  const db = await openDatabase(tmp);
  const config = { ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp }), jwtSecret: randomBytes(32).toString('hex') };
  const app = await buildApp(config, { databaseUrl: db.url, jobs: false, logger: false });
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    const companyId = await makeCompany(app, 'Bench Greenhouse');
    const user = await makeUser(app, companyId, 'Regular');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    console.info(`database: ${db.label}; ${ITERATIONS} timed requests per size (median)\n`);

    const rooms: Array<{ label: string; roomId: number }> = [];
    for (const [label, nx, ny] of SIZES) {
      const room = await app.db.insertInto('rooms').values({ company_id: companyId, name: `Room ${label}` }).returning('room_id').executeTakeFirstOrThrow();
      const created = await app.inject({
        method: 'POST',
        url: '/api/Create_grid',
        headers: { ...user.auth },
        payload: { nx, ny, ngrid_name: `Grid ${label}`, ncompany_id: companyId, nroom_id: room.room_id },
      });
      if (created.statusCode !== 200) throw new Error(created.body);
      rooms.push({ label, roomId: room.room_id });
    }

    const results: Array<{ label: string; app: number; bare: number; bytes: number }> = [];
    for (const { label, roomId } of rooms) {
      const url = `${address}/api/load_room_grids_boxes?company_id=${companyId}&room_id=${roomId}`;
      // The bare script: the same SQL (pg parses the json column), then JSON.stringify of the answer.
      const compiled = sql`SELECT ${roomTreeJson(companyId, roomId)} AS rooms`.compile(app.db);
      const measured = await timeBoth(
        async () => {
          const res = await get(url, user.auth);
          if (res.status !== 200) throw new Error(res.body.slice(0, 200));
          return res.body.length;
        },
        async () => {
          const res = await pool.query(compiled.sql, compiled.parameters as unknown[]);
          return JSON.stringify({ status: 'success', rooms: res.rows[0].rooms }).length;
        },
        ITERATIONS,
      );
      results.push({ label, ...measured });
    }

    console.info('boxes | app (HTTP) ms | bare (pg + JSON.stringify) ms | app/bare | body');
    for (const r of results) {
      const ratio = r.app / r.bare;
      console.info(
        `${r.label.padStart(5)} | ${r.app.toFixed(1).padStart(13)} | ${r.bare.toFixed(1).padStart(29)} | ${ratio.toFixed(2).padStart(8)} ${ratio <= 1.5 ? 'ok' : 'OVER 1.5'} | ${(r.bytes / 1024).toFixed(0)} KiB`,
      );
    }
    const k1 = results.find((r) => r.label === '1k')!;
    const k10 = results.find((r) => r.label === '10k')!;
    const scale = k10.app / k1.app;
    console.info(`\napp 10k / app 1k = ${scale.toFixed(2)} (goal ≤ 12) ${scale <= 12 ? 'ok' : 'OVER'}`);
  } finally {
    agent.destroy();
    await pool.end();
    await app.close();
    await db.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
