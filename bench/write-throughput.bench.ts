/**
 * Write throughput at 16 concurrent writers: the embedded database (in-process PGlite, one session
 * taken in turns) beside a real PostgreSQL, in the same run.
 *
 * For each database the real app (`buildApp`, request logging and pg-boss off) listens on 127.0.0.1
 * beside a bare Fastify server, both on the same database handle (`app.database`). 16 keep-alive HTTP
 * clients, from a worker thread so they do not share the servers' event loop, each send one write
 * after another for a fixed time: the web app's `POST /api/create_room` (multipart name and
 * description, a fresh Idempotency-Key each). The same requests go to the bare server's two routes:
 *
 *   bare INSERT     — Fastify + @fastify/multipart, then the one `INSERT INTO rooms … RETURNING *`
 *                     through `app.database.query`: the floor of a write on this database
 *   bare, same SQL  — the statements the app runs for a keyed create_room, without the app's plugins,
 *                     token check, contract validation or tenancy. On PostgreSQL: BEGIN and the room
 *                     in one round trip, then the audit event, the key (claimed with its receipt and
 *                     answer) and the COMMIT in one text. On the embedded database: the key
 *                     reserved first (its commit not waiting for the disk), the transaction (room, audit
 *                     event, receipt), the answer stored apart
 *
 * Prints a markdown table (writes/s, p50/p99 latency, non-2xx, 5xx) and writes its section of
 * bench/results.md. A count of the rooms stored checks that every 2xx answer is one stored room.
 *
 * Both databases are set up first; then all six servers take turns in BENCH_ROUNDS rounds (each turn
 * with its own warm-up), so a change in the load of a shared machine does not fall on one of them
 * only; the figures add the rounds up.
 *
 * Env: BENCH_WRITERS (default 16), BENCH_DURATION (s per server, default 15, split over the rounds),
 *      BENCH_ROUNDS (default 3), BENCH_WARMUP (s before each turn, default 2),
 *      DATABASE_URL (the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres; a
 *      fresh database is made there and dropped; when it does not answer, its column is skipped).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { parseEnv } from '../packages/server/src/config/env.js';
import { openScratchDatabase, type ScratchDatabase } from '../packages/server/src/db/scratch-database.js';
import { settleHeldWrite, withWriteReceipt, type WriteReceipt } from '../packages/server/src/db/write-receipts.js';
import { keyReservation } from '../packages/server/src/plugins/idempotency.js';
import { writeAudit } from '../packages/server/src/lib/audit.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { machineLine, writeResultsSection } from './lib/results.js';
import { load as runLoad, type Load } from './lib/write-load.js';

const WRITERS = Number(process.env.BENCH_WRITERS ?? 16);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** The servers (of both databases) take turns this many times, each for BENCH_DURATION / rounds, so a change in the machine's load hits all alike. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const load = (url: string, headers: Record<string, string>, tag: string) =>
  runLoad(url, headers, tag, { writers: WRITERS, warmupMs: WARMUP * 1000, durationMs: (DURATION * 1000) / ROUNDS });

type FieldsBody = { name?: string; description?: string };

/**
 * The bare server: plain Fastify with the multipart parser (the request is the web app's, so the body
 * must be read like the app reads it) and two routes writing through the app's own database handle.
 */
async function buildBare(app: FastifyInstance, userId: number): Promise<FastifyInstance> {
  const { database, db } = app;
  const bare = Fastify({ logger: false });
  await bare.register(multipart, { attachFieldsToBody: 'keyValues' });
  const input = (req: { query: unknown; body: unknown }) => {
    const body = (req.body ?? {}) as FieldsBody;
    return { companyId: Number((req.query as { company_id?: string }).company_id), name: String(body.name ?? ''), description: String(body.description ?? '') };
  };

  bare.post('/bare/insert', async (req) => {
    const { companyId, name, description } = input(req);
    const { rows } = await database.query('INSERT INTO rooms (company_id, name, description) VALUES ($1, $2, $3) RETURNING *', [companyId, name, description]);
    return { status: 'success', room: rows[0] };
  });

  // The app's statements for a keyed create_room, in its order (as logged from one request; see the header).
  bare.post('/bare/same-sql', async (req, reply) => {
    const { companyId, name, description } = input(req);
    const scope = 'bare:1';
    const key = String(req.headers['idempotency-key'] ?? '');
    const lease = randomBytes(16).toString('hex');
    const claim = { scope, key, hash: randomBytes(32).toString('hex'), leaseToken: lease, leaseSeconds: 35 };
    // The receipt is marked by the app's own driver (db/write-receipts.ts), in the COMMIT's round trip, as for the app.
    const receipt: WriteReceipt = { scope, key, leaseToken: lease, committed: false, reserved: false };
    if (database.kind === 'postgres') {
      // Claimed in the COMMIT's text, as the app does on PostgreSQL.
      receipt.claim = { hash: claim.hash, leaseSeconds: claim.leaseSeconds };
    } else {
      // Reserved first, its commit not waiting for the disk, as the app does on the embedded database.
      if ((await db.executeQuery(keyReservation(db, claim))).rows.length === 0) return reply.code(409).send({ status: 'error' });
      receipt.reserved = true;
    }
    const room = await withWriteReceipt(receipt, () =>
      db.transaction().execute(async (trx) => {
        const created = await sql<Record<string, unknown>>`INSERT INTO rooms (company_id, name, description) VALUES (${companyId}, ${name}, ${description}) RETURNING *`.execute(trx);
        const row = created.rows[0]!;
        // As the app writes it: on PostgreSQL it travels with the COMMIT (lib/audit.ts).
        await writeAudit(trx, { companyId, userId, action: 'room.created', entityType: 'room', entityId: String(row.room_id), after: { name, description } });
        return row;
      }),
    );
    const answer = JSON.stringify({ status: 'success', room });
    // On PostgreSQL the driver held the transaction for its answer: receipt, answer and COMMIT in one text, as the
    // app's onSend does (plugins/idempotency.ts). The embedded database committed it already; its answer is kept apart.
    if (receipt.held) await settleHeldWrite(receipt, { statusCode: 200, body: answer, contentType: 'application/json; charset=utf-8' });
    else {
      await database.query(
        'UPDATE idempotency_keys SET status_code = $1, response_body = $2, content_type = $3 WHERE scope = $4 AND key = $5 AND lease_token = $6 AND status_code IS NULL',
        [200, answer, 'application/json; charset=utf-8', scope, key, lease],
      );
    }
    return reply.type('application/json; charset=utf-8').send(answer);
  });
  return bare;
}

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

async function serverVersion(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'unknown version';
  } finally {
    await client.end().catch(() => {});
  }
}

/** Answers null when the PostgreSQL server answers `select 1` within 5 s, otherwise why not. */
async function postgresProblem(serverUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message || err.name : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

interface Row {
  database: string;
  server: string;
  load: Load;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');
const rate = (l: Load) => (l.ok / l.elapsedMs) * 1000;

interface Setup {
  column: string;
  app: FastifyInstance;
  companyId: number;
  runs: Array<{ server: string; url: string; headers: Record<string, string>; tag: string; load: Load }>;
  close(): Promise<void>;
}

/** The app and the bare server on one database, with a company and a user to write as. */
async function setUp(scratch: ScratchDatabase, tmp: string, column: string): Promise<Setup> {
  const config = {
    ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp, JWT_SECRET: randomBytes(32).toString('hex') }),
    webDist: undefined,
  };
  const app = await buildApp(config, { database: scratch.target, jobs: false, logger: false });
  let bare: FastifyInstance | undefined;
  const close = async () => {
    await bare?.close();
    await app.close();
  };
  try {
    await app.ready();
    const companyId = await makeCompany(app, 'Bench Greenhouses');
    const user = await makeUser(app, companyId, 'Regular');
    bare = await buildBare(app, user.user_id);
    const appUrl = await listen(app);
    const bareUrl = await listen(bare);
    const query = `?company_id=${companyId}`;
    const empty = (): Load => ({ latencies: [], elapsedMs: 0, ok: 0, non2xx: 0, status5xx: 0, errors: 0, samples: [], okTotal: 0 });
    const runs = [
      { server: 'Verdant app, POST /api/create_room (keyed)', url: `${appUrl}/api/create_room${query}`, headers: user.auth, tag: 'app', load: empty() },
      { server: 'bare Fastify, INSERT only', url: `${bareUrl}/bare/insert${query}`, headers: {}, tag: 'insert', load: empty() },
      { server: "bare Fastify, the app's statements", url: `${bareUrl}/bare/same-sql${query}`, headers: {}, tag: 'same', load: empty() },
    ];
    return { column, app, companyId, runs, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** One turn of every server of every database, in a fixed order; the loads add up per server. */
async function round(setups: Setup[], n: number) {
  for (const setup of setups) {
    for (const run of setup.runs) {
      console.info(`… round ${n}/${ROUNDS}, ${setup.column}: ${run.server}`);
      const r = await load(run.url, run.headers, `${run.tag}-${n}`);
      const sum = run.load;
      for (const l of r.latencies) sum.latencies.push(l);
      sum.elapsedMs += r.elapsedMs;
      sum.ok += r.ok;
      sum.non2xx += r.non2xx;
      sum.status5xx += r.status5xx;
      sum.errors += r.errors;
      sum.okTotal += r.okTotal;
      sum.samples.push(...r.samples.slice(0, 3 - sum.samples.length));
    }
  }
}

/** Every 2xx answer must be one stored room (the tag starts the room's name). */
async function verify(setup: Setup, notes: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const run of setup.runs) {
    const stored = await setup.app.database.query('SELECT count(*)::int AS n FROM rooms WHERE company_id = $1 AND name LIKE $2', [setup.companyId, `${run.tag}-%`]);
    const n = Number(stored.rows[0]?.n);
    if (n !== run.load.okTotal) notes.push(`${setup.column}, ${run.server}: ${run.load.okTotal} answers 2xx but ${n} rooms stored.`);
    for (const s of run.load.samples) notes.push(`${setup.column}, ${run.server}: answered ${s}`);
    rows.push({ database: setup.column, server: run.server, load: run.load });
  }
  return rows;
}

function table(rows: Row[]): string {
  const header = ['database', 'server', 'writes/s', 'p50 ms', 'p99 ms', 'writes (2xx)', 'non-2xx', '5xx', 'errors', 'of bare INSERT', 'app of bare same SQL'];
  const ofBare = (kind: string) => new Map(rows.filter((r) => r.server.includes(kind)).map((r) => [r.database, rate(r.load)]));
  const bareInsert = ofBare('INSERT only');
  const bareSame = ofBare("the app's statements");
  const ratio = (r: Row, floor: number | undefined, rows: 'app' | 'keyed') =>
    (r.server.startsWith('Verdant') || (rows === 'keyed' && r.server.includes("the app's statements"))) && floor ? `${((rate(r.load) / floor) * 100).toFixed(0)} %` : '';
  const cells = rows.map((r) => {
    const sorted = [...r.load.latencies].sort((a, b) => a - b);
    return [
      r.database,
      r.server,
      fmt(rate(r.load)),
      fmt(quantile(sorted, 0.5), 1),
      fmt(quantile(sorted, 0.99), 1),
      fmt(r.load.ok),
      fmt(r.load.non2xx),
      fmt(r.load.status5xx),
      fmt(r.load.errors),
      ratio(r, bareInsert.get(r.database), 'keyed'),
      ratio(r, bareSame.get(r.database), 'app'),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i < 2 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

async function main() {
  const loadAtStart = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
  console.info(`Verdant write throughput: ${WRITERS} concurrent writers, ${DURATION} s per server in ${ROUNDS} rounds with the other servers, each turn after ${WARMUP} s warm-up (load average at start ${loadAtStart})\n`);
  const rows: Row[] = [];
  const notes: string[] = [];
  const labels: string[] = [];
  const setups: Setup[] = [];
  const cleanups: Array<() => Promise<void>> = [];

  try {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-bench-writes-'));
    cleanups.push(async () => fs.rmSync(tmp, { recursive: true, force: true }));
    const embedded = await openScratchDatabase({ dir: path.join(tmp, 'pgdata'), prefix: 'verdant_bench' });
    labels.push(`embedded: ${embedded.label}, in-process, data in a temp dir on disk (one session taken in turns by the app and the bare server)`);
    const embeddedSetup = await setUp(embedded, tmp, 'embedded PGlite');
    cleanups.unshift(embeddedSetup.close);
    setups.push(embeddedSetup);

    const serverLabel = new URL(SERVER_URL).host;
    const problem = await postgresProblem(SERVER_URL);
    if (problem) {
      notes.push(`PostgreSQL at ${serverLabel} did not answer (${problem}): its column is skipped. Set DATABASE_URL to a server to measure it.`);
    } else {
      const scratch = await openScratchDatabase({ serverUrl: SERVER_URL, prefix: 'verdant_bench' });
      cleanups.unshift(() => scratch.drop());
      const tmpPg = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-bench-writes-'));
      cleanups.unshift(async () => fs.rmSync(tmpPg, { recursive: true, force: true }));
      labels.push(`PostgreSQL: ${scratch.label} (PostgreSQL ${await serverVersion(SERVER_URL)}), a fresh database (dropped afterwards), through the app's pool of 10 (the bare server uses the same pool); the server runs on the same machine`);
      const pgSetup = await setUp(scratch, tmpPg, 'PostgreSQL');
      cleanups.unshift(pgSetup.close);
      setups.push(pgSetup);
    }

    for (let n = 1; n <= ROUNDS; n++) await round(setups, n);
    for (const setup of setups) rows.push(...(await verify(setup, notes)));
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((err: unknown) => console.error(err));
  }

  const out = table(rows);
  console.info(`\n${out}\n`);
  const embeddedApp = rows.find((r) => r.database === 'embedded PGlite' && r.server.startsWith('Verdant'));
  const pgApp = rows.find((r) => r.database === 'PostgreSQL' && r.server.startsWith('Verdant'));
  if (embeddedApp && pgApp) notes.unshift(`the app on the embedded database writes ${((rate(embeddedApp.load) / rate(pgApp.load)) * 100).toFixed(0)} % of what it writes on PostgreSQL at ${WRITERS} writers.`);
  for (const n of notes) console.info(n);
  const stored = !notes.some((n) => n.includes('rooms stored'));

  writeResultsSection(
    'write-throughput',
    [
      `## Write throughput at ${WRITERS} concurrent writers`,
      '',
      `Written by \`npm run bench:writes -w @verdant/bench\` (bench/write-throughput.bench.ts). Latest run: ${new Date().toISOString()}.`,
      '',
      machineLine(),
      `- load average at the start of the run: ${loadAtStart}`,
      ...labels.map((l) => `- ${l}`),
      `- ${WRITERS} keep-alive HTTP clients in a worker thread of the same process, each sending one write after another; each server ${DURATION} s in all, in ${ROUNDS} turns of ${(DURATION / ROUNDS).toFixed(1)} s (each after ${WARMUP} s warm-up) taken in rounds with the servers of both databases; the app is \`buildApp\` with request logging and pg-boss off; each write is the web app's multipart \`POST /api/create_room\` with a fresh Idempotency-Key; the bare server reads the same request with @fastify/multipart and writes through the app's own database handle (\`app.database\`)`,
      `- writes/s counts 2xx answers in the timed window; ${stored ? 'every 2xx answer was checked to be one stored room' : 'the rooms stored do NOT match the 2xx answers (see below)'}`,
      '',
      out,
      '',
      ...notes.map((n) => `- ${n}`),
      '',
    ].join('\n'),
  );
  console.info('\nwritten to bench/results.md');
  if (rows.some((r) => r.load.non2xx > 0 || r.load.errors > 0)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
