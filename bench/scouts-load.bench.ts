/**
 * 25 scouts at once (issue 19): `npm run bench:scouts [-- --scouts 25 --minutes 10 --database verdant_scale --think-ms 1000]`.
 * Starts the API as its own process (bench/scouts-load/server.ts, on the PostgreSQL database `npm run seed:scale` made
 * — seed it with `--scouts` at least the phones' number), runs the phones of bench/scouts-load/load.ts against it over
 * HTTP, counts in the database what every Idempotency-Key made, and prints: 0 lost, 0 doubled, 0 errors (each printed),
 * writes p95 < 500 ms, reads p95, the API process's peak resident memory (< 1 GB). Appends a dated section to
 * bench/results.md. Exits 1 when a goal is missed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { machineLine, writeResultsSection } from './lib/results.js';
import { resultTable, runScoutsLoad, timing } from './scouts-load/load.js';

const { values } = parseArgs({
  options: {
    scouts: { type: 'string', default: '25' },
    minutes: { type: 'string', default: '10' },
    'think-ms': { type: 'string', default: '1000' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/' },
    database: { type: 'string', default: 'verdant_scale' },
  },
});
const scouts = Number(values.scouts);
const minutes = Number(values.minutes);
const thinkMs = Number(values['think-ms']);
if (!(Number.isInteger(scouts) && scouts >= 1 && scouts <= 1000)) throw new Error('--scouts: a whole number from 1 to 1000');
if (!(minutes > 0 && minutes <= 120)) throw new Error('--minutes: a number above 0, at most 120');
if (!(thinkMs >= 0)) throw new Error('--think-ms: 0 or more');
const url = new URL(values['database-url']);
url.pathname = `/${values.database}`;

const WRITE_GOAL_MS = 500;
const RSS_GOAL = 2 ** 30;

/** The API process's resident memory now, from /proc (Linux); null elsewhere. */
const rssOf = (pid: number) => () => {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
};

const here = path.dirname(fileURLToPath(import.meta.url));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'scouts-load', 'server.ts')], {
  env: { ...process.env, DATABASE_URL: url.toString() },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
let code = 0;
try {
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.once('exit', (c) => reject(new Error(`the API process ended (${c}) before listening`)));
  });
  const load0 = os.loadavg();
  const r = await runScoutsLoad({
    api: `${address}/api`, db: pool, scouts, seconds: minutes * 60, thinkMs, rss: rssOf(server.pid!), log: (l) => console.info(l),
  });
  const load1 = os.loadavg();
  const writes = timing(r.calls.filter((c) => c.kind === 'write'));
  const reads = timing(r.calls.filter((c) => c.kind === 'read'));
  const c = r.counts;
  const rssMb = r.peakRss === null ? 'not read' : `${(r.peakRss / 2 ** 20).toFixed(0)} MB`;
  const sizes = (await pool.query(`SELECT (SELECT count(*) FROM grid_boxes b JOIN companies co USING (company_id) WHERE co.company_name = 'Scale grower')::int AS boxes,
    (SELECT count(*) FROM companies)::int AS companies, pg_size_pretty(pg_database_size(current_database())) AS size`)).rows[0] as { boxes: number; companies: number; size: string };
  const goals = [
    [`0 errors`, r.failures.length === 0, `${r.failures.length}`],
    [`0 lost`, c.lost === 0, `${c.lost}`],
    [`0 doubled`, c.doubled === 0, `${c.doubled}`],
    [`a key's repeats got its first answer`, c.answersDiffer === 0, `${c.answersDiffer} differ`],
    [`every key's receipt committed`, c.receiptsMissing === 0, `${c.receiptsMissing} missing`],
    [`writes p95 < ${WRITE_GOAL_MS} ms`, writes.p95 < WRITE_GOAL_MS, `${writes.p95.toFixed(0)} ms`],
    [`API peak RSS < 1 GB`, r.peakRss !== null && r.peakRss < RSS_GOAL, rssMb],
  ] as const;
  const out = [
    `## 25 scouts at once (issue 19) — ${new Date().toISOString().slice(0, 16)} UTC`,
    '',
    machineLine(),
    `- load average at the start ${load0.map((l) => l.toFixed(1)).join(' / ')}, at the end ${load1.map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`,
    `- \`npm run bench:scouts -- --scouts ${scouts} --minutes ${minutes} --think-ms ${thinkMs} --database ${values.database}\`: ${scouts} phones for ${r.seconds.toFixed(0)} s, ` +
      `a pause of ${thinkMs} ms between a phone's actions; the API in its own process (jobs off) on PostgreSQL at ${url.host}; ` +
      `database ${values.database}: ${sizes.boxes.toLocaleString('en')} boxes in the scouts' company beside ${(sizes.companies - 1).toLocaleString('en')} other companies, ${sizes.size}`,
    `- ${c.keys.toLocaleString('en')} keyed writes (${r.keyed.filter((k) => k.sends > 1).length} of them sent twice), ${r.calls.length.toLocaleString('en')} requests; ` +
      `counted in the database: ${c.lost} lost, ${c.doubled} doubled (grid marks ${c.marksFound} found / ${c.marksExpected} expected), ${c.answersDiffer} repeats answered differently, ${c.receiptsMissing} receipts missing`,
    `- writes p95 ${writes.p95.toFixed(0)} ms (p50 ${writes.p50.toFixed(0)}), reads p95 ${reads.p95.toFixed(0)} ms (p50 ${reads.p50.toFixed(0)}); API process peak RSS ${rssMb}`,
    '',
    '| goal | met | measured |',
    '|:---|:---|---:|',
    ...goals.map(([g, ok, v]) => `| ${g} | ${ok ? 'yes' : '**no**'} | ${v} |`),
    '',
    ...resultTable(r),
    ...(r.failures.length ? ['', 'Errors (first 20):', '', ...r.failures.slice(0, 20).map((f) => `- ${f.op}: ${f.status ?? 'no answer'} ${f.message}`)] : []),
  ].join('\n');
  console.info(`\n${out}`);
  writeResultsSection(`scouts-load-${new Date().toISOString().slice(0, 16)}`, out);
  if (goals.some(([, ok]) => !ok)) code = 1;
} finally {
  server.kill('SIGTERM');
  await pool.end();
}
process.exitCode = code;
