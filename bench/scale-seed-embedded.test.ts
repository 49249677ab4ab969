/**
 * `npm run seed:scale -- … --embedded <dir>` (issue 19): the seed CLI makes an embedded PGlite data directory
 * instead of a server database — a directory already there is replaced, the app's migrations run, the same seed
 * goes in — and the app's own opener reads it afterwards; `npm run bench:scale -- --embedded <dir>` reads it through
 * the app built on it, its bare side catching and replaying the statements on the same session.
 * Run: npx vitest run --project outbox-property bench/scale-seed-embedded.test.ts
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../packages/server/src/db/pglite.js';
import { SMALL } from './scale-reads/seed.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-seed-embedded-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'bench', script), ...args], { cwd: root, maxBuffer: 16 * 2 ** 20, env: { ...process.env, ...env } });
const seedCli = (args: string[]) => run(path.join('scale-reads', 'seed-cli.ts'), args);

it('seeds a PGlite data directory with --embedded, replacing what was there, and the app opens it', async () => {
  const dir = path.join(tmp, 'data');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'left-over'), 'from an earlier seed');
  const { stdout } = await seedCli(['--hectares', '0', '--companies', '2', '--embedded', dir]);
  expect(stdout).toContain(`embedded data directory ${dir} made and migrated`);
  expect(stdout).toContain(`npm run bench:scale -- --embedded ${dir}`);
  expect(fs.existsSync(path.join(dir, 'left-over'))).toBe(false);
  expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);

  const db = await openEmbeddedDatabase(dir);
  try {
    const n = async (text: string) => Number((await db.query(text)).rows[0]!.n);
    expect(await n(`SELECT count(*) AS n FROM companies`)).toBe(2);
    expect(await n(`SELECT count(*) AS n FROM problem_observations`)).toBe(2 * SMALL.observations);
    expect(await n(`SELECT count(*) AS n FROM users`)).toBe(2 * (1 + SMALL.scouts));
    // The bulk window's dropped indexes are back, and the kept per-day counts were derived.
    expect(await n(`SELECT count(*) AS n FROM pg_indexes WHERE tablename = 'problem_observations'`)).toBeGreaterThan(1);
    expect(await n(`SELECT sum(open_count + resolved_count + dismissed_count + suspected_count) AS n FROM problem_observation_days`)).toBe(2 * SMALL.observations);
  } finally {
    await db.close();
  }
}, 300_000);

it('bench:scale --embedded reads a seeded data directory, the bare side replaying the statements it caught', async () => {
  const dir = path.join(tmp, 'small-site');
  await seedCli(['--hectares', '0.1', '--embedded', dir]);
  const { stdout } = await run('scale.bench.ts', ['--embedded', dir], { BENCH_ONLY: 'batches list', BENCH_ITERATIONS: '1' });
  expect(stdout).toContain(`embedded PGlite data directory ${dir}`);
  expect(stdout).toContain('replayed in order through the same session');
  const line = stdout.split('\n').find((l) => l.startsWith('batches list: app '));
  // At least the caller's check and the batches' select were caught on PGlite and replayed.
  expect(Number(/, (\d+) statements/.exec(line ?? '')?.[1])).toBeGreaterThanOrEqual(2);
  expect(line).toMatch(/slowest statement alone \d+ ms: select/);
}, 300_000);

it('bench:scale --embedded names a directory that holds no database', async () => {
  const empty = path.join(tmp, 'empty');
  fs.mkdirSync(empty);
  await expect(run('scale.bench.ts', ['--embedded', empty])).rejects.toThrow(/--embedded: no data directory at/);
}, 120_000);
