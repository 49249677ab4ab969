/**
 * The deployment of docs/deploy.md, built on this machine in a temporary folder with ports of its own:
 * etcd, two PostgreSQL nodes under Patroni (synchronous replication), HAProxy in front of the primary and of
 * the API processes, PgBouncer in transaction mode in front of HAProxy's primary port. Every piece runs as a
 * child process of the proof, so however the proof ends they are stopped and the folder removed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, sleep, startProcess, until } from '../lib/processes.mjs';

const PG_BIN = (() => {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.length ? path.join(base, versions[0], 'bin') : null;
})();

/** The Debian packages the topology needs; installed with apt when one is missing (CI starts from a clean machine). */
const PACKAGES = { patroni: 'patroni', etcd: 'etcd-server', pgbouncer: 'pgbouncer', haproxy: 'haproxy' };

export function ensurePackages(log, commands = Object.keys(PACKAGES)) {
  const missing = commands.filter((cmd) => !commandExists(cmd)).map((cmd) => PACKAGES[cmd]);
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} with apt`);
  const asRoot = (args) => (process.getuid?.() === 0 ? ['', args] : ['sudo', ['-n', ...args]]);
  for (const args of [['apt-get', 'update', '-q'], ['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing]]) {
    const [sudo, rest] = asRoot(args);
    execFileSync(sudo || rest[0], sudo ? rest : rest.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
}

function commandExists(cmd) {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Patroni and PgBouncer refuse to run as root; their folders belong to postgres then. */
export const RUN_AS = process.getuid?.() === 0 ? 'postgres' : undefined;

function ownFolder(dir) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (RUN_AS) execFileSync('chown', ['-R', `${RUN_AS}:${RUN_AS}`, dir]);
}

// JSON is YAML, so Patroni reads these files as written.
function patroniConfig({ scope, name, work, etcdPort, restPort, pgPort }) {
  return {
    scope,
    namespace: '/verdant/',
    name,
    log: { level: 'INFO' },
    restapi: { listen: `127.0.0.1:${restPort}`, connect_address: `127.0.0.1:${restPort}` },
    etcd: { host: `127.0.0.1:${etcdPort}` },
    bootstrap: {
      dcs: {
        // Leader key lives 10 s; a dead primary is replaced within ttl + loop_wait (docs/deploy.md).
        ttl: 10,
        loop_wait: 1,
        retry_timeout: 4,
        maximum_lag_on_failover: 0,
        // A commit is acknowledged only once the standby has it: a promoted standby never lacks an answered write.
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          parameters: { wal_level: 'replica', hot_standby: 'on', max_wal_senders: 10, max_replication_slots: 10, wal_log_hints: 'on', max_connections: 200 },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }],
      pg_hba: ['local all all trust', 'host replication replicator 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 trust'],
    },
    postgresql: {
      listen: `127.0.0.1:${pgPort}`,
      connect_address: `127.0.0.1:${pgPort}`,
      data_dir: path.join(work, name, 'data'),
      bin_dir: PG_BIN,
      pgpass: path.join(work, name, 'pgpass'),
      authentication: { replication: { username: 'replicator', password: 'replicator' }, superuser: { username: 'postgres', password: 'postgres' } },
      parameters: { unix_socket_directories: path.join(work, name) },
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
}

function haproxyConfig({ pgPort, nodes, apiPort, apis, errorFile }) {
  return `global
  maxconn 2000
defaults
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout check 1s
# Only the node whose Patroni answers 200 on /primary takes connections; sessions to a node marked down are cut,
# so PgBouncer reconnects to the new primary instead of writing to a demoted one.
listen postgres_primary
  mode tcp
  bind 127.0.0.1:${pgPort}
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`).join('\n')}
# Stateless API processes: a dead one is taken out after two failed checks; a request that could not connect is
# sent to the other (retry-on conn-failure never replays a request a process may have applied). A process that
# answers 503 is alive — its database is away (a failover) and it tells its clients so itself, with Retry-After.
# With no process alive at all, HAProxy answers the same envelope (errorfile).
listen api
  mode http
  bind 127.0.0.1:${apiPort}
  balance roundrobin
  option httpchk GET /api/health
  http-check expect rstatus ^(200|503)$
  errorfile 503 ${errorFile}
  option redispatch
  retries 3
  retry-on conn-failure
  default-server inter 500ms fall 2 rise 2
${apis.map((a) => `  server ${a.name} 127.0.0.1:${a.port} check`).join('\n')}
`;
}

const NO_API_BODY = JSON.stringify({ status: 'error', message: 'Verdant is not reachable right now. Your change was not saved; try again in a few seconds.', error: 'unavailable' });
/** HAProxy's answer when no API process is alive: the API's own envelope, with Retry-After like its 503s. */
const NO_API_ANSWER = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  'Retry-After: 2',
  'Cache-Control: no-store',
  'Connection: close',
  `Content-Length: ${Buffer.byteLength(NO_API_BODY)}`,
  '',
  NO_API_BODY,
].join('\r\n');

/** PgBouncer in transaction pooling, every database name to `host:serverPort` (the proof: HAProxy's primary port). */
export function pgbouncerConfig({ work, port, host = '127.0.0.1', serverPort }) {
  return `[databases]
* = host=${host} port=${serverPort}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(work, 'pgbouncer', 'userlist.txt')}
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 40
; node-postgres sends statement_timeout at connect; the database's own setting applies behind the pooler
ignore_startup_parameters = extra_float_digits,statement_timeout
; during a failover: retry the server login every second, and give up on a waiting query after 10 s (the API
; answers 503 and the client retries)
server_login_retry = 1
server_connect_timeout = 3
query_wait_timeout = 10
server_check_delay = 1
logfile = ${path.join(work, 'pgbouncer', 'pgbouncer.log')}
pidfile = ${path.join(work, 'pgbouncer', 'pgbouncer.pid')}
`;
}

async function patroniRole(restPort) {
  const res = await fetch(`http://127.0.0.1:${restPort}/patroni`, { signal: AbortSignal.timeout(1000) });
  return (await res.json()).role;
}

/** Builds the topology for `apiCount` API processes (started by the caller on `apiPorts`); answers its handles. */
export async function buildTopology(work, { log, apiCount = 2 }) {
  if (!PG_BIN) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  ownFolder(work);
  const procs = [];
  const scope = `verdant-${path.basename(work).replace(/[^a-z0-9]/gi, '').slice(-8)}`;
  const etcdPort = await freePort();
  const etcdPeer = await freePort();
  ownFolder(path.join(work, 'etcd'));
  procs.push(
    startProcess(work, 'etcd', 'etcd', [
      '--name', 'etcd1', '--data-dir', path.join(work, 'etcd', 'data'), '--enable-v2=true',
      '--listen-client-urls', `http://127.0.0.1:${etcdPort}`, '--advertise-client-urls', `http://127.0.0.1:${etcdPort}`,
      '--listen-peer-urls', `http://127.0.0.1:${etcdPeer}`, '--initial-advertise-peer-urls', `http://127.0.0.1:${etcdPeer}`,
      '--initial-cluster', `etcd1=http://127.0.0.1:${etcdPeer}`,
    ], { user: RUN_AS, cwd: work }),
  );
  await until('etcd', 30_000, async () => (await fetch(`http://127.0.0.1:${etcdPort}/health`)).ok);
  log(`etcd on :${etcdPort}`);

  const nodes = [];
  for (const name of ['pg1', 'pg2']) {
    const node = { name, restPort: await freePort(), pgPort: await freePort() };
    ownFolder(path.join(work, name));
    const file = path.join(work, name, 'patroni.yml');
    fs.writeFileSync(file, JSON.stringify(patroniConfig({ scope, name, work, etcdPort, ...node }), null, 2));
    if (RUN_AS) execFileSync('chown', [`${RUN_AS}:${RUN_AS}`, file]);
    node.dataDir = path.join(work, name, 'data');
    node.proc = startProcess(work, `patroni-${name}`, 'patroni', [file], { user: RUN_AS, cwd: work });
    procs.push(node.proc);
    nodes.push(node);
    // The first node bootstraps the cluster; the second is cloned from it once it leads.
    if (name === 'pg1') await until('pg1 to lead', 90_000, async () => (await patroniRole(node.restPort)) === 'master' || (await patroniRole(node.restPort)) === 'primary');
  }
  await until('pg2 to be the synchronous standby', 120_000, async () => (await fetch(`http://127.0.0.1:${nodes[1].restPort}/sync`, { signal: AbortSignal.timeout(1000) })).status === 200);
  log(`Patroni: pg1 primary on :${nodes[0].pgPort}, pg2 synchronous standby on :${nodes[1].pgPort}`);

  const haproxyPgPort = await freePort();
  const apiPort = await freePort();
  const apis = [];
  for (let i = 1; i <= apiCount; i += 1) apis.push({ name: `api${i}`, port: await freePort() });
  const errorFile = path.join(work, 'haproxy-503.http');
  fs.writeFileSync(errorFile, NO_API_ANSWER);
  fs.writeFileSync(path.join(work, 'haproxy.cfg'), haproxyConfig({ pgPort: haproxyPgPort, nodes, apiPort, apis, errorFile }));
  procs.push(startProcess(work, 'haproxy', 'haproxy', ['-db', '-f', path.join(work, 'haproxy.cfg')]));
  const direct = `postgres://postgres@127.0.0.1:${haproxyPgPort}/postgres`;
  await until('HAProxy to reach the primary', 30_000, async () => {
    const c = new pg.Client({ connectionString: direct });
    await c.connect();
    await c.end();
    return true;
  });

  const bouncerPort = await freePort();
  ownFolder(path.join(work, 'pgbouncer'));
  fs.writeFileSync(path.join(work, 'pgbouncer', 'userlist.txt'), '"postgres" ""\n');
  fs.writeFileSync(path.join(work, 'pgbouncer', 'pgbouncer.ini'), pgbouncerConfig({ work, port: bouncerPort, serverPort: haproxyPgPort }));
  if (RUN_AS) execFileSync('chown', ['-R', `${RUN_AS}:${RUN_AS}`, path.join(work, 'pgbouncer')]);
  procs.push(startProcess(work, 'pgbouncer', 'pgbouncer', [path.join(work, 'pgbouncer', 'pgbouncer.ini')], { user: RUN_AS, cwd: work }));
  await until('PgBouncer', 30_000, async () => {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${bouncerPort}/postgres` });
    await c.connect();
    await c.end();
    return true;
  });
  log(`HAProxy: primary on :${haproxyPgPort}, API on :${apiPort}; PgBouncer (transaction pooling) on :${bouncerPort}`);

  return {
    procs,
    nodes: nodes.map(({ proc, ...n }) => ({ ...n, patroniPid: proc.child.pid })),
    apis,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    /** Straight to the primary through HAProxy (no pooler): admin statements and counting. */
    primaryUrl: (db) => `postgres://postgres@127.0.0.1:${haproxyPgPort}/${db}`,
    /** Through PgBouncer, as the API connects. */
    bouncerUrl: (db) => `postgres://postgres@127.0.0.1:${bouncerPort}/${db}`,
    etcdPort,
  };
}

export { sleep };
