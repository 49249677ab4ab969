/**
 * API benchmark: the real app beside a bare Fastify route doing the same work, in one run.
 *
 *   (i)  GET /api/health                  — app vs. bare Fastify answering the same JSON
 *   (ii) GET /api/get_company_grid_order  — app (bearer token, contract validation, tenancy check)
 *                                           vs. bare Fastify running the same query
 *
 * Both servers listen on 127.0.0.1 in this process and share one database handle, the app's own
 * (`app.database`): the in-process PGlite session of a temp dir, taken in turns by both, or a fresh
 * database on the server DATABASE_URL names, through the app's pool. autocannon fires from a worker
 * thread so the load generator does not share the servers' event loop. Prints a table and writes
 * bench/results.md.
 *
 * Env: BENCH_DURATION (s, default 5), BENCH_CONNECTIONS (default 10), BENCH_WARMUP (s, default 1),
 *      DATABASE_URL (a PostgreSQL server; a fresh database is created there and dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../packages/server/src/app.js';
import { parseEnv } from '../packages/server/src/config/env.js';
import type { DatabaseHandle } from '../packages/server/src/db/database.js';
import { openScratchDatabase } from '../packages/server/src/db/scratch-database.js';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { machineLine, writeResultsSection } from './lib/results.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
/** The issue's goal: the authenticated settings read at ≥ 75 % of the bare Fastify route running the same query. */
const GOAL_RATIO = 0.75;
const GRID_ORDER = ['rooms', 'batches', 'tasks'];

interface Measured {
  name: string;
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

type GridOrderRow = { grid_order: string[] | null };

/**
 * The bare comparison: plain Fastify, no plugins, running its SQL through the app's own database
 * handle — on the embedded database the same in-process session (and its lock) as the app, on
 * PostgreSQL the app's pool of 10 — so both sides pay the same way into the database.
 */
async function buildBare(
  database: Pick<DatabaseHandle, 'query'>,
  verifyAccess: (token: string) => Promise<unknown>,
): Promise<{ app: FastifyInstance }> {
  const gridOrder = async (text: string, companyId: number) => {
    const { rows } = await database.query(text, [companyId]);
    return { status: 'success', grid_order: (rows[0] as GridOrderRow | undefined)?.grid_order ?? [] };
  };
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ status: 'success' }));
  // The app's health answers once the database answers (`select 1`); this is the same work, bare.
  app.get('/api/health-db', async () => {
    await database.query('select 1');
    return { status: 'success' };
  });
  app.get<{ Querystring: { company_id?: string } }>('/api/get_company_grid_order', (req) =>
    gridOrder('select grid_order from company_settings where company_id=$1', Number(req.query.company_id)),
  );
  // Diagnostics, to see where the app's time goes: the same read with every column (as the app's
  // settings service selects them), and with the app's own bearer-token verification in front.
  app.get<{ Querystring: { company_id?: string } }>('/diag/select-all', (req) =>
    gridOrder('select * from company_settings where company_id=$1', Number(req.query.company_id)),
  );
  app.get<{ Querystring: { company_id?: string } }>('/diag/verify', async (req, reply) => {
    const token = req.headers.authorization?.replace(/^Bearer /i, '') ?? '';
    try {
      await verifyAccess(token);
    } catch {
      return reply.code(401).send({ status: 'error' });
    }
    return gridOrder('select grid_order from company_settings where company_id=$1', Number(req.query.company_id));
  });
  return { app };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** One request first: a route that does not answer 200 + status success is not worth measuring. */
async function check(url: string, headers: Record<string, string>): Promise<string | null> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) return `HTTP ${res.status}: ${body.slice(0, 160)}`;
  try {
    if ((JSON.parse(body) as { status?: string }).status !== 'success') return `answered ${body.slice(0, 160)}`;
  } catch {
    return `not JSON: ${body.slice(0, 160)}`;
  }
  return null;
}

async function fire(name: string, url: string, headers: Record<string, string>): Promise<Measured> {
  const base = { url, headers, connections: CONNECTIONS, workers: 1 } as const;
  if (WARMUP > 0) await autocannon({ ...base, duration: WARMUP });
  const r = await autocannon({ ...base, duration: DURATION });
  return {
    name,
    rps: r.requests.average,
    mean: r.latency.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (n: number) => `${(n * 100).toFixed(0)} %`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-bench-'));
  const database = await openScratchDatabase({ serverUrl: process.env.DATABASE_URL, dir: path.join(tmp, 'pgdata'), prefix: 'verdant_bench' });
  const databaseLabel =
    database.target.kind === 'postgres'
      ? `${database.label} (fresh database ${new URL(database.target.url).pathname.slice(1)})`
      : `${database.label} (in-process PGlite, one session taken in turns)`;
  const config = {
    ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp, JWT_SECRET: randomBytes(32).toString('hex') }),
    webDist: undefined,
  };
  // Request logging off in both servers; pg-boss off (nothing here enqueues jobs).
  const app = await buildApp(config, { database: database.target, jobs: false, logger: false });
  await app.ready();
  const bare = await buildBare(app.database, (token) => app.tokens.verifyAccess(token));

  try {
    const companyId = await makeCompany(app, 'Bench Greenhouses');
    await app.db
      .updateTable('company_settings')
      .set({ grid_order: JSON.stringify(GRID_ORDER) })
      .where('company_id', '=', companyId)
      .execute();
    const user = await makeUser(app, companyId, 'Regular');
    const appUrl = await listen(app);
    const bareUrl = await listen(bare.app);

    interface Case {
      label: string;
      app: { path: string; headers: Record<string, string> };
      bares: Array<{ name: string; path: string; goal?: number; headers?: Record<string, string> }>;
    }
    const cases: Case[] = [
      {
        label: 'GET /api/health',
        app: { path: '/api/health', headers: {} },
        bares: [
          { name: 'bare Fastify, same JSON', path: '/api/health' },
          { name: 'bare Fastify + select 1', path: '/api/health-db' },
        ],
      },
      {
        label: 'GET /api/get_company_grid_order',
        app: { path: `/api/get_company_grid_order?company_id=${companyId}`, headers: user.auth },
        bares: [
          { name: 'bare Fastify, same query', path: `/api/get_company_grid_order?company_id=${companyId}`, goal: GOAL_RATIO },
          { name: 'diag: bare, select *', path: `/diag/select-all?company_id=${companyId}` },
          { name: "diag: bare + app's token check", path: `/diag/verify?company_id=${companyId}`, headers: user.auth },
        ],
      },
    ];

    console.info(`Verdant API benchmark: ${DURATION}s per route after ${WARMUP}s warm-up, ${CONNECTIONS} connections, autocannon in a worker thread`);
    console.info(`database: ${databaseLabel}\n`);

    const header = ['route', 'server', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'app/bare req/s', 'app/bare p99'];
    const rows: string[][] = [];
    const verdicts: string[] = [];
    let failed = false;
    const flag = (label: string, m: Measured) => {
      if (m.non2xx > 0 || m.errors > 0) {
        failed = true;
        verdicts.push(`${label} (${m.name}): ${m.non2xx} non-2xx answers and ${m.errors} errors — these figures are not valid.`);
      }
    };
    for (const c of cases) {
      console.info(`… ${c.label}`);
      const problem = await check(appUrl + c.app.path, c.app.headers);
      const appResult = problem ? undefined : await fire(c.app.headers.authorization ? 'Verdant app, bearer token' : 'Verdant app', appUrl + c.app.path, c.app.headers);
      if (appResult) {
        rows.push([c.label, appResult.name, fmt(appResult.rps), fmt(appResult.mean, 2), fmt(appResult.p50), fmt(appResult.p99), fmt(appResult.requests), fmt(appResult.non2xx), fmt(appResult.errors), '', '']);
        flag(c.label, appResult);
      } else {
        failed = true;
        rows.push([c.label, 'Verdant app', 'n/a', '', '', '', '', '', '', '', '']);
        verdicts.push(`${c.label}: the app's route is not measurable — ${problem}`);
      }
      for (const b of c.bares) {
        const bareProblem = await check(bareUrl + b.path, b.headers ?? {});
        if (bareProblem) throw new Error(`${b.name} ${c.label}: ${bareProblem}`);
        const m = await fire(b.name, bareUrl + b.path, b.headers ?? {});
        flag(c.label, m);
        const ratio = appResult ? appResult.rps / m.rps : undefined;
        rows.push([
          c.label, m.name, fmt(m.rps), fmt(m.mean, 2), fmt(m.p50), fmt(m.p99), fmt(m.requests), fmt(m.non2xx), fmt(m.errors),
          ratio === undefined ? '' : pct(ratio),
          appResult ? `${(appResult.p99 / Math.max(m.p99, 1)).toFixed(2)}×` : '',
        ]);
        if (b.goal && ratio !== undefined) {
          verdicts.push(`${c.label}: the app serves ${pct(ratio)} of the requests/s of the ${m.name} route — goal ≥ ${pct(b.goal)}: ${ratio >= b.goal ? 'met' : 'NOT met'}.`);
        }
      }
    }
    const out = table(header, rows);
    console.info(`\n${out}\n`);
    for (const v of verdicts) console.info(v);

    const report = [
      '## API: the app beside bare Fastify',
      '',
      `Written by \`npm run bench\` (bench/api.bench.ts). Latest run: ${new Date().toISOString()}.`,
      '',
      machineLine(),
      `- database: ${databaseLabel}`,
      `- autocannon: ${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s warm-up, from a worker thread of the same process; servers on 127.0.0.1`,
      `- the app is \`buildApp\` from packages/server/src/app.ts (all plugins, contract validation, bearer token, tenancy check) with request logging and pg-boss off; the bare server is Fastify with one route running \`select grid_order from company_settings where company_id=$1\` through the app's own database handle (\`app.database.query\`: ${database.target.kind === 'embedded' ? 'the same in-process PGlite session and its lock' : "the app's pool of 10"})`,
      '',
      out,
      '',
      ...verdicts.map((v) => `- ${v}`),
      '',
    ].join('\n');
    writeResultsSection('api', report);
    console.info('\nwritten to bench/results.md');
    if (failed) process.exitCode = 1;
  } finally {
    await app.close();
    await bare.app.close();
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
