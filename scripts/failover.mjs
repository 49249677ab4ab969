#!/usr/bin/env node
/**
 * `npm run test:failover [-- --short]`: the failover proof (docs/deploy.md, issue 23).
 *
 * Builds the documented deployment on this machine from scratch (scripts/failover/topology.mjs: etcd, two
 * PostgreSQL nodes under Patroni with synchronous replication, HAProxy, PgBouncer in transaction mode; the
 * Debian packages are installed with apt when missing), starts two API processes through PgBouncer behind
 * HAProxy, and runs packages/server/src/test/failover/: 16 clients of keyed writes while the primary database
 * is killed with SIGKILL, then while one API process is. Everything is stopped and the folder removed however
 * it ends. `--short` (what .ci/run runs) sends 12 writes per client instead of 48. The figures are printed and
 * written to bench/results-failover.json.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { failuresOf, printLogs, root, runServerTests, startApi, stopAll, waitHealthy } from './lib/processes.mjs';
import { buildTopology, ensurePackages } from './failover/topology.mjs';

const short = process.argv.includes('--short');
const log = (line) => process.stdout.write(`[failover] ${line}\n`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-failover-'));
const adminEmail = 'failover-admin@verdant.test';
const adminPassword = `Fo-${randomBytes(12).toString('base64url')}`;
const resultFile = path.join(work, 'result.json');

let topology;
const apis = [];
let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    await stopAll(apis);
    // Patroni stops its PostgreSQL on SIGTERM; HAProxy, PgBouncer and etcd after it.
    const procs = topology?.procs ?? [];
    await stopAll(procs.filter((p) => p.name.startsWith('patroni')), 20_000);
    await stopAll(procs.filter((p) => !p.name.startsWith('patroni')));
    fs.rmSync(work, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal}: stopping everything`);
    cleanup().finally(() => process.exit(130));
  });
}

let status = 1;
const vitestOutput = { text: '' };
try {
  ensurePackages(log);
  const started = Date.now();
  topology = await buildTopology(work, { log, apiCount: 2 });
  log(`topology up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const admin = new pg.Client({ connectionString: topology.primaryUrl('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE verdant');
  // Behind the pooler the API's own statement_timeout is not sent (docs/deploy.md): the database keeps it.
  await admin.query("ALTER DATABASE verdant SET statement_timeout = '30s'");
  await admin.end();

  const dataDir = path.join(work, 'data');
  const secret = randomBytes(32).toString('hex');
  for (const a of topology.apis) {
    apis.push(startApi(work, a.name, a.port, {
      DATABASE_URL: topology.bouncerUrl('verdant'),
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      PUBLIC_URL: topology.apiUrl,
      VERDANT_COMPANY_NAME: 'Failover Greenhouse',
      VERDANT_ADMIN_EMAIL: adminEmail,
      VERDANT_ADMIN_PASSWORD: adminPassword,
    }));
  }
  await Promise.all(apis.map((a) => waitHealthy(a)));
  log(`two APIs healthy through PgBouncer; clients use HAProxy at ${topology.apiUrl}`);

  status = await runServerTests('src/test/failover/', {
    FAILOVER_API: topology.apiUrl,
    FAILOVER_DATABASE_URL: topology.primaryUrl('verdant'),
    FAILOVER_OUTBOX: path.join(dataDir, 'outbox'),
    FAILOVER_ADMIN_EMAIL: adminEmail,
    FAILOVER_ADMIN_PASSWORD: adminPassword,
    FAILOVER_NODES: JSON.stringify(topology.nodes),
    FAILOVER_APIS: JSON.stringify(apis.map((a) => ({ name: a.name, pid: a.child.pid }))),
    FAILOVER_WRITES: short ? '12' : '48',
    FAILOVER_RESULT: resultFile,
  }, vitestOutput);
  const figures = fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : null;
  if (figures) {
    fs.writeFileSync(path.join(root, 'bench', `results-failover${short ? '-short' : ''}.json`), `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`);
  }
  if (status !== 0) printLogs([...apis, ...topology.procs], 40);
  // Last, so that the end of the output (all CI shows of a failure) says what was seen and what failed.
  if (figures) log(`figures:\n${JSON.stringify(figures, null, 2)}`);
  if (status !== 0) log(`vitest's failures again, after the logs:\n${failuresOf(vitestOutput.text)}`);
} catch (err) {
  process.stderr.write(`[failover] ${err.stack ?? err}\n`);
  printLogs([...apis, ...(topology?.procs ?? [])], 40);
  status = 1;
} finally {
  await cleanup();
}
log(status === 0 ? 'passed' : 'FAILED');
process.exit(status);
