#!/usr/bin/env node
/**
 * `npm run test:scale-out [-- <postgres admin url>]`: the scale-out proof (docs/decisions.md, "Scale-out proof").
 *
 * Creates a fresh database on a real PostgreSQL, starts TWO API server processes on it the way `npm start`
 * runs the server (node --import tsx packages/server/src/server.ts; the web build is not needed by the API)
 * on two ports, at the same time, sharing one DATA_DIR (so one outbox folder, as replicas share a volume)
 * and one JWT secret, waits for both /api/health, then runs packages/server/src/test/scale-out/ with their
 * addresses in SCALE_OUT_API_A / SCALE_OUT_API_B. Both processes are stopped and the database dropped
 * however it ends.
 *
 * The admin URL comes from the first argument, else SCALE_OUT_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { failuresOf, freePort, printLogs, runServerTests, startApi, stopAll, waitHealthy } from './lib/processes.mjs';

const adminUrl = process.argv[2] ?? process.env.SCALE_OUT_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const log = (line) => process.stdout.write(`[scale-out] ${line}\n`);

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dbName = `verdant_scaleout_${randomBytes(6).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-scale-out-'));
const dataDir = path.join(work, 'data');
const adminEmail = 'scale-out-admin@verdant.test';
const adminPassword = `So-${randomBytes(12).toString('base64url')}`;
// One secret for both, as replicas share it: a token signed by one process is valid on the other.
const sharedSecret = randomBytes(32).toString('hex');

const servers = [];
let dbCreated = false;
let cleaning = null;

function startServer(name, port) {
  const server = startApi(work, name, port, {
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: sharedSecret,
    VERDANT_COMPANY_NAME: 'Scale-out Greenhouse',
    VERDANT_ADMIN_EMAIL: adminEmail,
    VERDANT_ADMIN_PASSWORD: adminPassword,
  });
  servers.push(server);
  return server;
}

/**
 * What each process did, from its log. Both must have answered API requests (the test alternates them), or the
 * proof proves nothing; which worker sends a given mail is pg-boss's choice, so mails are only reported.
 */
function summarise() {
  let ok = true;
  for (const s of servers) {
    const lines = fs.existsSync(s.logFile) ? fs.readFileSync(s.logFile, 'utf8').split('\n') : [];
    const requests = lines.filter((l) => l.includes('"url":"/api/') && !l.includes('/api/health')).length;
    const mails = lines.filter((l) => l.includes('mail written to outbox')).length;
    log(`API ${s.name} answered ${requests} API requests and wrote ${mails} mails`);
    if (requests === 0) ok = false;
  }
  return ok;
}

function cleanup() {
  cleaning ??= (async () => {
    await stopAll(servers);
    if (dbCreated) {
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err) => {
        process.stderr.write(`[scale-out] warning: could not drop ${dbName}: ${err.message}\n`);
      });
    }
    fs.rmSync(work, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal}: stopping both APIs and dropping ${dbName}`);
    cleanup().finally(() => process.exit(130));
  });
}

let status = 1;
const vitestOutput = { text: '' };
try {
  await admin(`CREATE DATABASE ${dbName}`);
  dbCreated = true;
  log(`database ${dbName} created`);
  const [portA, portB] = [await freePort(), await freePort()];
  // Both at once, as replicas behind a load balancer start: migrations and the first start race on purpose.
  const a = startServer('A', portA);
  const b = startServer('B', portB);
  log(`starting API A on :${portA} and API B on :${portB} (one database, one DATA_DIR ${dataDir})`);
  const started = Date.now();
  await Promise.all([waitHealthy(a), waitHealthy(b)]);
  log(`both healthy after ${((Date.now() - started) / 1000).toFixed(1)} s; running the scale-out test`);
  status = await runServerTests('src/test/scale-out/', {
    SCALE_OUT_API_A: `http://127.0.0.1:${portA}`,
    SCALE_OUT_API_B: `http://127.0.0.1:${portB}`,
    SCALE_OUT_DATABASE_URL: dbUrl,
    SCALE_OUT_OUTBOX: path.join(dataDir, 'outbox'),
    SCALE_OUT_ADMIN_EMAIL: adminEmail,
    SCALE_OUT_ADMIN_PASSWORD: adminPassword,
  }, vitestOutput);
  for (const s of servers) {
    if (s.child.exitCode !== null) {
      log(`API ${s.name} exited during the test (code ${s.child.exitCode})`);
      status = 1;
    }
  }
  if (!summarise()) {
    log('one API answered no request: the test did not reach both processes');
    status = 1;
  }
  if (status !== 0) {
    printLogs(servers);
    log(`vitest's failures again, after the logs:\n${failuresOf(vitestOutput.text)}`);
  }
} catch (err) {
  process.stderr.write(`[scale-out] ${err.stack ?? err}\n`);
  printLogs(servers);
  status = 1;
} finally {
  await cleanup();
}
log(status === 0 ? 'passed' : 'FAILED');
process.exit(status);
