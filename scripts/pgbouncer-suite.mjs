#!/usr/bin/env node
/**
 * `npm run test:pgbouncer [-- <postgres admin url>]`: the whole server test suite through PgBouncer in
 * transaction pooling (docs/deploy.md, "What the app may not rely on"). Starts a PgBouncer on a port of its own in
 * front of the PostgreSQL of the admin URL (default postgres://postgres@127.0.0.1:5432/postgres; trust auth) and
 * runs `vitest --project server` with every test app connected through the pooler; stops it however it ends.
 * PgBouncer is installed with apt when missing. The API's statement_timeout is not sent through the pooler.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, printLogs, runServerTests, startProcess, stopAll, until } from './lib/processes.mjs';
import { ensurePackages, pgbouncerConfig, RUN_AS } from './failover/topology.mjs';

const adminUrl = new URL(process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const log = (line) => process.stdout.write(`[pgbouncer-suite] ${line}\n`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-pgbouncer-'));
let bouncer;

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
  // Each test file makes its database straight on the server (a copy of a migrated template) and its app
  // connects through the pooler (TEST_DATABASE_CONNECT_VIA; db/scratch-database.ts); tests that open their own
  // scratch databases do the same.
  log(`PgBouncer (transaction pooling) on :${port} in front of ${adminUrl.host}; running the server tests through it`);
  status = await runServerTests('', { TEST_DATABASE_URL: adminUrl.toString(), TEST_DATABASE_CONNECT_VIA: through.toString() });
  if (status !== 0) printLogs([bouncer], 40);
} catch (err) {
  process.stderr.write(`[pgbouncer-suite] ${err.stack ?? err}\n`);
  status = 1;
} finally {
  if (bouncer) await stopAll([bouncer]);
  fs.rmSync(work, { recursive: true, force: true });
}
log(status === 0 ? 'passed' : 'FAILED');
process.exit(status);
