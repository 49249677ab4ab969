import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.js';
import { buildApp } from '../app.js';
import { firstStart } from '../setup/first-start.js';
import { openDatabase, type DatabaseTarget } from '../db/database.js';
import { openScratchDatabase, type ScratchDatabase } from '../db/scratch-database.js';
import { localFileStore } from '../lib/storage/local-file-store.js';
import { APPLIED_ANSWER_LOST } from '../plugins/idempotency.js';
import { REQUEST_TIMEOUT_MESSAGE } from '../plugins/request-timeout.js';
import { fetchTransport, injectTransport, isKeyInProgress, isRetryable, type Answer } from './keyed-transport.js';
import { makeKeyedWrites, seedKeyedWorld, type KeyedWorld, type KeyedWrite } from './keyed-writes.js';
import { checkKeyedInvariants } from './keyed-invariants.js';

/**
 * "Nothing lost" across a crash: the real server is killed (SIGKILL) during a burst of keyed writes,
 * started again on the same data, and every key is sent again until it is answered. Each write must
 * be applied exactly once, and each write acknowledged before the crash must be there.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = 8;
const PER_CLIENT = 25;
/** Kills of the server during the writes. */
const CRASHES = 2;
const REQUEST_TIMEOUT_MS = 2000;
/** The lease of a key (plugins/idempotency.ts): the request timeout + 5 s. */
const LEASE_MS = Math.ceil(REQUEST_TIMEOUT_MS / 1000) * 1000 + 5000;
const ADMIN = { email: 'owner@crash.test', password: 'crash-safety-password-1' };

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<NodeJS.Signals | number | null>;
  output(): string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's settings: the same for the preparing app in this process and for every server process. */
const serverEnv = (dataDir: string, databaseUrl: string | undefined) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  PORT: '0',
  HOST: '127.0.0.1',
  VERDANT_DEMO: '0',
  VERDANT_COMPANY_NAME: 'Crash Test Farm',
  VERDANT_ADMIN_EMAIL: ADMIN.email,
  VERDANT_ADMIN_PASSWORD: ADMIN.password,
  VERDANT_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
});

/**
 * Fault injection, installed by the test only: the first answer store of a few chosen keys sleeps. On the
 * embedded database that store follows the write's commit, so a kill during the sleep leaves a write applied
 * with its answer lost; on PostgreSQL the answer is stored in the write's own commit, so the kill rolls both
 * back. On PostgreSQL the sleep stays under the statement timeout (the request timeout, 2 s); the embedded
 * database has none, and there one sleep holds the whole process still.
 */
const stall = (databaseUrl: string | undefined): { victims: number[]; seconds: number; killAfterMs?: number } =>
  databaseUrl ? { victims: [0, 1, 2], seconds: 1.7 } : { victims: [0], seconds: 6, killAfterMs: 3500 };
/** The chosen keys: an early write of a few clients, so the first kill also follows acknowledged writes. */
const VICTIM_INDEX = 3;
const victimKeys = (tag: string, victims: number[]) => victims.map((c) => `kw-${tag}-${c}-${VICTIM_INDEX}`);
const slowAnswerStore = (tag: string, databaseUrl: string | undefined) => [
  `create function verdant_test_slow_answer() returns trigger language plpgsql as $$
   begin
     -- An answer stored by an UPDATE of the reserved key, or (PostgreSQL, key claimed lazily) with the key's INSERT.
     if (tg_op = 'INSERT' or old.status_code is null) and new.status_code is not null
        and new.key in (${victimKeys(tag, stall(databaseUrl).victims).map((k) => `'${k}'`).join(', ')})
        and new.response_body not like '%original answer was lost%' then
       perform pg_sleep(${stall(databaseUrl).seconds});
     end if;
     return new;
   end $$`,
  `create trigger verdant_test_slow_answer before insert or update on idempotency_keys
   for each row execute function verdant_test_slow_answer()`,
];

/**
 * First start, sign-in and the workload's world, made in this process before any server runs (the
 * embedded database admits one process at a time), through the same API the clients use.
 */
async function prepare(dataDir: string, databaseUrl: string | undefined, clients: number): Promise<KeyedWorld> {
  const app = await buildApp(parseEnv({ ...serverEnv(dataDir, databaseUrl), LOG_LEVEL: 'silent' }), { logger: false, jobs: false });
  try {
    await firstStart(app, () => {});
    const send = injectTransport(app);
    const login = await send({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (login.status !== 200) throw new Error(`login failed: ${login.body}`);
    const session = (JSON.parse(login.body) as { data: { access_token: string; user: { user_id: number; company_id: number } } }).data;
    const world = await seedKeyedWorld(send, { companyId: session.user.company_id, seeder: { userId: session.user.user_id, token: session.access_token }, clients });
    for (const statement of slowAnswerStore(world.tag, databaseUrl)) await app.database.query(statement);
    return world;
  } finally {
    await app.close();
  }
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '..', 'server.ts')], {
    cwd: path.join(here, '..', '..'),
    // Only what the server is given here: a JWT_SECRET, S3_* or SMTP_URL of the calling shell would
    // make it another server than the one prepare() seeded.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR ?? os.tmpdir(), ...serverEnv(dataDir, databaseUrl), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the lines that matter are kept: where it listens, and warnings or worse (level ≥ 40).
  let out = '';
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (/listening at|"level":(4|5|6)\d|error|Error/.test(line)) out = (out + line + '\n').slice(-20_000);
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<NodeJS.Signals | number | null>((r) => child.once('exit', (code, signal) => r(signal ?? code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const poll = setInterval(() => {
      const m = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(m[1]!);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, url, exited, output: () => out };
}

const ok = (a: Answer | undefined) => a !== undefined && a.status >= 200 && a.status < 300;
const show = (w: KeyedWrite, a: Answer | undefined) => `${w.kind} ${w.key}: ${a ? `${a.status} ${a.body.slice(0, 200)}` : 'no answer'}`;

describe('keyed writes across a crash (kill -9 of the server)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  it('applies every write exactly once and answers every retry after a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-crash-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    let scratch: ScratchDatabase | undefined;
    if (process.env.TEST_DATABASE_URL) {
      scratch = await openScratchDatabase({ serverUrl: process.env.TEST_DATABASE_URL, prefix: 'verdant_crash' });
      cleanup.push(() => scratch!.drop());
    }
    const databaseUrl = scratch?.target.kind === 'postgres' ? scratch.target.url : undefined;

    const world = await prepare(dataDir, databaseUrl, CLIENTS);
    let server = await startServer(dataDir, databaseUrl);
    cleanup.push(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    let send = fetchTransport(server.url, { timeoutMs: 30_000 });
    const watcher = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
    if (watcher) {
      await watcher.connect();
      cleanup.push(() => watcher.end());
    }
    const writes = await makeKeyedWrites(world, { clients: CLIENTS, perClient: PER_CLIENT, seed: 11 });
    const all = writes.flat();

    // Rounds: each client sends its keys in order, the clients side by side; in each of the first
    // CRASHES rounds the server is killed (SIGKILL), then started again on the same data: in the
    // first round while an answer store is stalled (slowAnswerStore: a write committed, its answer
    // not yet kept), in the others at a random moment, once a share of new writes is acknowledged. Every round sends every key again, so writes answered before a
    // crash are replayed after it, and those cut off are retried; a key still leased by the dead
    // process answers 409 "in progress" until its lease lapses, so that one is polled.
    const stored = new Map<string, Answer>();
    const last = new Map<string, Answer>();
    const problems: string[] = [];
    const figures = { inFlight: 0, leaseWaits: 0, timeouts: 0, acknowledgedBeforeKills: [] as number[] };
    // A 503 of the request timeout says "try again" too (a busy embedded database may be slower than 2 s).
    const timedOut = (a: Answer) => a.status === 503 && a.body.includes(REQUEST_TIMEOUT_MESSAGE);
    const sendUntilAnswered = async (w: KeyedWrite) => {
      const deadline = Date.now() + LEASE_MS + 5000;
      let a = await send(w.request);
      while ((isKeyInProgress(a) || timedOut(a)) && Date.now() < deadline) {
        if (timedOut(a)) figures.timeouts++;
        else figures.leaseWaits++;
        await sleep(250);
        a = await send(w.request);
      }
      return a;
    };
    const started = Date.now();
    for (let round = 0; round <= CRASHES; round++) {
      const crash = round < CRASHES;
      const killAt = Math.ceil(all.length / (CRASHES + 2));
      let fresh = 0;
      let killed = false;
      const kill = () => {
        killed = true;
        figures.acknowledgedBeforeKills.push(stored.size);
        server.child.kill('SIGKILL');
      };
      const outstanding = new Map<string, number>();
      const victims = victimKeys(world.tag, stall(databaseUrl).victims);
      // On PostgreSQL the stalled store is seen where it sleeps (pg_stat_activity), so the kill lands
      // inside it however busy the machine is, and its backend is ended with it; the embedded database lives in the server process, so
      // there a victim that has waited far longer than any write takes is the sign.
      let looking = false;
      const watchdog =
        round === 0
          ? setInterval(() => {
              if (killed || looking) return;
              if (watcher) {
                looking = true;
                void watcher
                  .query<{ pid: number }>(
                    "select pid from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'",
                  )
                  .then(async (r) => {
                    if (killed || r.rows.length === 0) return;
                    kill();
                    // A backend finishes its statement although its client died; the machine going
                    // down takes the database connection with it, so the stalled store is ended too.
                    for (const { pid } of r.rows) await watcher.query('select pg_terminate_backend($1)', [pid]);
                  })
                  .finally(() => (looking = false));
                return;
              }
              const stalled = victims.some((k) => Date.now() - (outstanding.get(k) ?? Infinity) > (stall(databaseUrl).killAfterMs ?? Infinity));
              if (stalled) kill();
            }, 25)
          : undefined;
      await Promise.all(
        writes.map(async (list) => {
          for (const w of list) {
            if (killed) return;
            let a: Answer;
            try {
              outstanding.set(w.key, Date.now());
              a = await sendUntilAnswered(w);
              outstanding.delete(w.key);
            } catch (err) {
              // The connection died with the server: this write may or may not have applied.
              if (killed) figures.inFlight++;
              else problems.push(`${w.key}: ${String(err)}`);
              return;
            }
            last.set(w.key, a);
            const first = stored.get(w.key);
            if (a.status >= 500) problems.push(`round ${round}: ${show(w, a)}`);
            else if (first) {
              if (a.status !== first.status || a.body !== first.body || a.headers['idempotent-replayed'] !== 'true') {
                problems.push(`round ${round}: ${show(w, first)} came back as ${a.status} ${a.body.slice(0, 200)}`);
              }
            } else if (!isRetryable(a.status)) stored.set(w.key, a);
            if (crash && round > 0 && ok(a) && !first && ++fresh >= killAt && !killed) kill();
          }
        }),
      );
      clearInterval(watchdog);
      if (crash) {
        expect(killed, `round ${round} ended before its crash: ${problems.join('\n')}\n${server.output()}`).toBe(true);
        expect(await server.exited).toBe('SIGKILL');
        server = await startServer(dataDir, databaseUrl);
        send = fetchTransport(server.url, { timeoutMs: 30_000 });
      }
    }
    const retryMs = Date.now() - started;
    for (const w of all) {
      const a = last.get(w.key);
      if (!a || isKeyInProgress(a) || !(ok(a) || (w.kind === 'move' && a.status === 409))) problems.push(`last answer of ${show(w, a)}`);
    }
    expect(problems).toEqual([]);

    const lost = all.filter((w) => last.get(w.key)!.body === JSON.stringify(APPLIED_ANSWER_LOST)).length;
    console.info(
      `[crash-safety] ${databaseUrl ? 'postgres' : 'embedded'}: ${all.length} keyed writes, ${CRASHES} kills (after ${figures.acknowledgedBeforeKills.join(', ')} answers stored), ` +
        `${figures.inFlight} requests in flight at the kills; ${lost} answered "applied, answer lost", ${figures.leaseWaits} waits on a lease, ${figures.timeouts} timeouts retried, ` +
        `${all.filter((w) => last.get(w.key)!.status === 409).length} moves refused (409); ${retryMs} ms from the first write`,
    );

    if (databaseUrl) {
      // On PostgreSQL each of these writes commits with its answer (db/write-receipts.ts, holdForAnswer): the kill
      // in a stalled commit applied nothing, so no retry was ever told "applied, answer lost" — it applied the write.
      expect(lost).toBe(0);
    } else {
      // The embedded database keeps the answer in a commit of its own: the kill in a stalled store left a
      // committed write without its answer, and its retry was told so.
      expect(lost).toBeGreaterThanOrEqual(1);
    }

    // Read the data with the server stopped (only one process may open the embedded database).
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const target: DatabaseTarget = databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'embedded', dir: path.join(dataDir, 'pgdata') };
    const database = await openDatabase(target);
    try {
      const invariants = await checkKeyedInvariants(database.db, world, all, last, { files: localFileStore(path.join(dataDir, 'files')) });
      expect(invariants).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
