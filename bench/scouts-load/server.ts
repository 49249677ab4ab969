/**
 * The API process of the 25-scout load (bench/scouts-load.bench.ts): the app built as bench/scale.bench.ts builds it
 * (request logging and the job runner off) on the PostgreSQL database DATABASE_URL names, listening on a free port of
 * 127.0.0.1. Prints `listening <address>` once it answers; SIGTERM closes it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { parseEnv } from '../../packages/server/src/config/env.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the seeded database (postgres://…/verdant_scale) is required');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-scouts-load-'));
const config = { ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmp }), jwtSecret: randomBytes(32).toString('hex') };
const app = await buildApp(config, { database: { kind: 'postgres', url }, jobs: false, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.info(`listening ${address}`);
process.on('SIGTERM', () => {
  void app.close().finally(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
    process.exit(0);
  });
});
