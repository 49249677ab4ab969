import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type PgBoss from 'pg-boss';
import { endpoints, type EndpointConfig } from '@verdant/contract';
import type { Config } from './config/env.js';
import { openDatabase, type Database, type DatabaseHandle, type DatabaseTarget } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { frameworkErrors, registerErrorHandler, registerNotFound } from './plugins/error-handler.js';
import { registerIdempotencyStore } from './plugins/idempotency.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerRequestTimeout } from './plugins/request-timeout.js';
import { registerCompression } from './plugins/compression.js';
import type { Caller } from './plugins/auth.js';
import type { CallerGuard } from './plugins/contract-routes.js';
import { createTokenService, type TokenService } from './lib/tokens.js';
import { outboxMailer, settlingFirst, smtpMailer, type Mailer } from './lib/mailer.js';
import { localFileStore } from './lib/storage/local-file-store.js';
import { s3FileStore } from './lib/storage/s3-file-store.js';
import { settlingFileStore, type FileStore } from './lib/storage/file-store.js';
import { persistentSecret } from './lib/secrets.js';
import { loggerOptions, logRequests, quietRequests } from './lib/logging.js';
import { buildOpenApi } from './lib/openapi/openapi.js';
import { startJobs } from './jobs/boss.js';
import { modules } from './modules/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /**
     * Where reads that may lag a few seconds go (reports, trends, register exports): the replica of
     * READ_DATABASE_URL, else `db`. Never for what the caller just wrote, and never for a write.
     */
    readDb: Database;
    /** The open database behind `db`: its kind, raw queries, pg-boss's way in. */
    database: DatabaseHandle;
    tokens: TokenService;
    mailer: Mailer;
    files: FileStore;
    boss: PgBoss | null;
    /** True when every id names a user of the caller's company. */
    usersInCompany(caller: Caller, userIds: number[]): Promise<boolean>;
    /** Checks modules add to every endpoint (plugins/contract-routes.ts); filled as the modules register. */
    callerGuards: CallerGuard[];
  }
}

export interface BuildOptions {
  /** Use this database instead of DATABASE_URL / the embedded one in DATA_DIR (tests, benchmarks). */
  database?: DatabaseTarget;

  /** Start pg-boss (default true). */
  jobs?: boolean;
  /** Replace the mailer (tests capture mails). */
  mailer?: Mailer;
  logger?: boolean;
  /** Extra API modules (tests register endpoints that exercise the shared mechanisms). */
  extraModules?: Array<(app: FastifyInstance) => Promise<void>>;
}

/** Builds the whole server: plugins in a fixed order, then the API modules under /api, then the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Reset and invitation links carry their token in the query string: lib/logging redacts it.
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    // One terse line per request instead (lib/logging logRequests).
    logController: quietRequests(),
    bodyLimit: config.limits.bodyBytes,
    trustProxy: config.trustProxy,
    // A path that is not UTF-8 is refused before any route: in the same envelope as every answer.
    frameworkErrors,
    ajv: { customOptions: { coerceTypes: false } },
  });
  app.decorate('config', config);
  if (options.logger !== false) logRequests(app);

  const target: DatabaseTarget =
    options.database ??
    (config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'embedded', dir: path.join(config.dataDir, 'pgdata') });
  const database = await openDatabase(target, {
    max: 10,
    onError: (err) => app.log.warn({ err }, 'database connection lost'),
    // The database gives up on a statement no later than the request's own timeout answers 503.
    statementTimeoutMs: config.requestTimeoutMs,
  });
  app.decorate('database', database);
  app.decorate('db', database.db);
  await migrateToLatest(database.db);
  const readUrl = config.readDatabaseUrl;
  const replica = readUrl && database.kind === 'postgres'
    ? await openDatabase({ kind: 'postgres', url: readUrl }, {
      max: 5,
      onError: (err) => app.log.warn({ err }, 'replica connection lost'),
      statementTimeoutMs: config.requestTimeoutMs,
    })
    : null;
  app.decorate('readDb', replica?.db ?? database.db);

  const secret = config.jwtSecret ?? (config.validateResponses ? randomBytes(32).toString('hex') : await persistentSecret(config.dataDir, 'jwt-secret'));
  app.decorate('tokens', createTokenService(secret));
  // A mail sent or a file stored or removed is never about a keyed write that could still roll back.
  app.decorate(
    'mailer',
    settlingFirst(options.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(path.join(config.dataDir, 'outbox'), app.log))),
  );
  app.decorate('files', settlingFileStore(config.s3 ? s3FileStore(config.s3) : localFileStore(path.join(config.dataDir, 'files'))));
  app.decorate('usersInCompany', async (caller: Caller, userIds: number[]) => {
    const unique = [...new Set(userIds)];
    const rows = await app.db
      .selectFrom('users')
      .select('user_id')
      .where('company_id', '=', caller.company_id)
      .where('user_id', 'in', unique)
      .execute();
    return rows.length === unique.length;
  });
  app.decorate('callerGuards', [] as CallerGuard[]);
  app.decorate('boss', options.jobs === false ? null : await startJobs(database, app.log));

  // Close order: HTTP stops accepting, then jobs finish, then the database (pool, or the embedded session).
  app.addHook('onClose', async () => {
    await app.boss?.stop({ graceful: true, wait: true, close: true });
    await replica?.close();
    await database.close();
  });

  registerSecurityHeaders(app);
  registerRequestTimeout(app, config.requestTimeoutMs);
  // The API speaks JSON, urlencoded and multipart only; anything else is a 415.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: config.limits.fileBytes, files: 20, fields: 200 },
    async onFile(part) {
      const data = await part.toBuffer();
      (part as unknown as { value: unknown }).value = { filename: part.filename, mimetype: part.mimetype, data };
    },
  });
  registerErrorHandler(app);
  await registerIdempotencyStore(app);
  await registerCompression(app);

  const document = buildOpenApi(Object.values(endpoints) as EndpointConfig[]);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const mod of [...modules, ...(options.extraModules ?? [])]) await api.register(mod);
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist;
  const spa = Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  if (spa) await app.register(fastifyStatic, { root: webDist!, wildcard: true, index: ['index.html'] });
  registerNotFound(app, spa);
  return app;
}
