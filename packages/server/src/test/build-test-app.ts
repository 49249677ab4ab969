import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseEnv, type Config } from '../config/env.js';
import { buildApp, type BuildOptions } from '../app.js';
import { openScratchDatabase } from '../db/scratch-database.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { IMAGE_VARIABLE, TEMPLATE_VARIABLE } from './migrated-start.js';

export interface TestApp {
  app: FastifyInstance;
  mails: Mail[];
  close(): Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  opts: { jobs?: boolean; extraModules?: BuildOptions['extraModules']; mailer?: Mailer } = {},
): Promise<TestApp> {
  const base = parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `verdant-test-${randomBytes(4).toString('hex')}`) });
  // Tests play several clients through X-Forwarded-For, as if behind a trusted proxy.
  const config: Config = { ...base, validateResponses: true, trustProxy: true, ...overrides };
  // A fresh database for each test app: in-memory PGlite, or a new database on TEST_DATABASE_URL's server.
  // Started from the suite's migrated copy when the global set-up made one (migrated-start.ts).
  const database = await openScratchDatabase({
    serverUrl: process.env.TEST_DATABASE_URL,
    prefix: 'verdant_test',
    template: process.env[TEMPLATE_VARIABLE],
    image: process.env[IMAGE_VARIABLE],
  });
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const app = await buildApp(config, {
    database: database.target,
    jobs: opts.jobs ?? false,
    mailer: opts.mailer ?? mailer,
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
