#!/usr/bin/env node
/**
 * `npm run test:pgbouncer [-- <postgres admin url>]`: the whole server test suite through PgBouncer in
 * transaction pooling (docs/deploy.md, "What the app may not rely on"). Starts a PgBouncer on a port of its own in
 * front of the PostgreSQL of the admin URL (default postgres://postgres@127.0.0.1:5432/postgres; trust auth),
 * creates a database for the run, runs `vitest --project server` with TEST_DATABASE_URL through the pooler, and
 * stops and drops everything however it ends. PgBouncer is installed with apt when missing.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, printLogs, runServerTests, startProcess, stopAll, until } from './lib/processes.mjs';
import { ensurePackages, pgbouncerConfig, RUN_AS } from './failover/topology.mjs';

const adminUrl = new URL(process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const log = (line) => process.stdout.write(`[pgbouncer-suite] ${line}\n`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-pgbouncer-'));
const dbName = `verdant_bouncer_${randomBytes(5).toString('hex')}`;
let bouncer;
let created = false;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let status = 1;
try {
  ensurePackages(log, ['pgbouncer']);
  const port = await freePort();
  fs.mkdirSync(path.join(work, 'pgbouncer'), { recursive: true });
  fs.writeFileSync(path.join(work, 'pgbouncer', 'userlist.txt'), `"${adminUrl.username || 'postgres'}" ""\n`);
  fs.writeFileSync(path.join(work, 'pgbouncer', 'pgbouncer.ini'), pgbouncerConfig({ work, port, host: adminUrl.hostname, serverPort: Number(adminUrl.port || 5432) }));
  if (RUN_AS) execFileSync('chown', ['-R', `${RUN_AS}:${RUN_AS}`, work]);
  bouncer = startProcess(work, 'pgbouncer', 'pgbouncer', [path.join(work, 'pgbouncer', 'pgbouncer.ini')], { user: RUN_AS, cwd: work });
  const through = new URL(adminUrl);
  through.port = String(port);
  await until('PgBouncer', 30_000, async () => {
    const c = new pg.Client({ connectionString: through.toString() });
    await c.connect();
    await c.end();
    return true;
  });
  await admin(`CREATE DATABASE ${dbName}`);
  created = true;
  await admin(`ALTER DATABASE ${dbName} SET statement_timeout = '60s'`);
  through.pathname = `/${dbName}`;
  log(`PgBouncer (transaction pooling) on :${port} in front of ${adminUrl.host}; running the server tests through it`);
  status = await runServerTests('', { TEST_DATABASE_URL: through.toString() });
  if (status !== 0) printLogs([bouncer], 40);
} catch (err) {
  process.stderr.write(`[pgbouncer-suite] ${err.stack ?? err}\n`);
  status = 1;
} finally {
  if (bouncer) await stopAll([bouncer]);
  if (created) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => log(`could not drop ${dbName}: ${e.message}`));
  fs.rmSync(work, { recursive: true, force: true });
}
log(status === 0 ? 'passed' : 'FAILED');
process.exit(status);
