/**
 * Shared by the app-beside-bare benchmarks (facility, batches): a scratch database (in-process PGlite,
 * or a fresh database on DATABASE_URL) under a temp dir, the real app on it with request logging and
 * pg-boss off, the benchmark run against them, then everything closed and removed; a failure exits 1.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { parseEnv } from '../../packages/server/src/config/env.js';
import { openDatabase, type DatabaseHandle } from '../../packages/server/src/db/database.js';
import { openScratchDatabase, type ScratchDatabase } from '../../packages/server/src/db/scratch-database.js';
import { agent } from './timing.js';

export interface BenchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: ScratchDatabase;
  /**
   * For loading the bench's data: on a server its own pool without the app's statement timeout (a
   * generated million rows takes longer than a request may); embedded, the app's own session.
   */
  loader: Pick<DatabaseHandle, 'query'>;
}

async function withBenchApp(name: string, run: (ctx: BenchApp) => Promise<void>) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `verdant-bench-${name}-`));
  const db = await openScratchDatabase({ serverUrl: process.env.DATABASE_URL, dir: path.join(tmp, 'pgdata'), prefix: 'verdant_bench' });
  const config = { ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp }), jwtSecret: randomBytes(32).toString('hex') };
  const app = await buildApp(config, { database: db.target, jobs: false, logger: false });
  const loader = db.target.kind === 'postgres' ? await openDatabase(db.target, { max: 2 }) : undefined;
  try {
    await run({ app, db, loader: loader ?? app.database });
  } finally {
    agent.destroy();
    await loader?.close();
    await app.close();
    await db.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Runs one benchmark on its own app and scratch database; `name` tags the temp dir. */
export function runBenchApp(name: string, run: (ctx: BenchApp) => Promise<void>): void {
  withBenchApp(name, run).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
