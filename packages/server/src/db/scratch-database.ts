import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from './database.js';

export interface ScratchDatabaseOptions {
  /** A PostgreSQL server to make the database on; when unset, an embedded PGlite is started instead. */
  serverUrl?: string;
  /** Where the embedded PGlite keeps its files (ignored with serverUrl); in memory when undefined. */
  dir?: string;
  /** Name prefix of the database made on serverUrl: `<prefix>_<random hex>`. Lower-case letters, digits and `_`. */
  prefix: string;
  /** Where it starts from (tests: one migrated copy): a database on serverUrl's server to copy, or a dumped embedded image. */
  template?: string;
  image?: string;
  /**
   * Where the app connects to the database made, when not straight to serverUrl's server: a PgBouncer in front
   * of it (`npm run test:pgbouncer` sets TEST_DATABASE_CONNECT_VIA). Making and dropping databases always goes
   * straight to the server. `null`: straight there whatever the variable says (a template to copy must not keep
   * pooled server connections, or PostgreSQL refuses to copy it).
   */
  connectVia?: string | null;
}

export interface ScratchDatabase {
  /** Give it to buildApp (or openDatabase); an embedded target opens its own PGlite in that process. */
  target: DatabaseTarget;
  /** What it is, for a report: "embedded PGlite" or "PostgreSQL at <host>". */
  label: string;
  /** Drops the database made on the server (closing its connections); the embedded one closes with its app. */
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A throw-away database for tests and benchmarks: a fresh `<prefix>_<random hex>` database on
 * serverUrl's server, or an embedded PGlite (in `dir`, or in memory) when serverUrl is not set.
 */
export async function openScratchDatabase({
  serverUrl, dir, prefix, template, image, connectVia = process.env.TEST_DATABASE_CONNECT_VIA,
}: ScratchDatabaseOptions): Promise<ScratchDatabase> {
  // The names go into SQL unquoted: keep them plain lower-case identifiers.
  for (const [what, id] of [['prefix', prefix], ['template', template ?? 'unset']] as const) {
    if (!/^[a-z_][a-z0-9_]*$/.test(id)) throw new Error(`openScratchDatabase: invalid ${what} ${JSON.stringify(id)}`);
  }
  if (!serverUrl) {
    return { target: { kind: 'embedded', dir, ...(dir ? {} : { image }) }, label: 'embedded PGlite', drop: async () => {} };
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(connectVia ?? serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    label: `PostgreSQL at ${url.host}`,
    async drop() {
      await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
