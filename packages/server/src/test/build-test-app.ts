import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { parseEnv, type Config } from '../config/env.js';
import { buildApp, type BuildOptions } from '../app.js';
import { startEmbeddedDatabase } from '../db/pglite.js';
import type { Mail, Mailer } from '../lib/mailer.js';

export interface TestApp {
  app: FastifyInstance;
  mails: Mail[];
  close(): Promise<void>;
}

/** A fresh database for one test file: a new PGlite, or a new database on TEST_DATABASE_URL's server. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const embedded = await startEmbeddedDatabase();
    return { url: embedded.url, drop: () => embedded.stop() };
  }
  const name = `verdant_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  opts: { jobs?: boolean; extraModules?: BuildOptions['extraModules'] } = {},
): Promise<TestApp> {
  const base = parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `verdant-test-${randomBytes(4).toString('hex')}`) });
  // Tests play several clients through X-Forwarded-For, as if behind a trusted proxy.
  const config: Config = { ...base, validateResponses: true, trustProxy: true, ...overrides };
  const database = await freshDatabase();
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const app = await buildApp(config, {
    databaseUrl: database.url,
    jobs: opts.jobs ?? false,
    mailer,
    logger: false,
    extraModules: opts.extraModules,
  });
  await app.ready();
  return {
    app,
    mails,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
