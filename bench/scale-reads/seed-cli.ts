/**
 * `npm run seed:scale -- --hectares 100 [--companies 1000] [--scouts 25] [--database-url postgres://…/] [--database verdant_scale]`
 * or `… --embedded <dir>`: (re)makes an embedded PGlite data directory in dir instead (the app opens it with
 * DATA_DIR's database, `npm run bench:scale -- --embedded <dir>` reads it).
 * (`--hectares 0 --companies 1`: one small grower alone, the many-growers comparison's baseline)
 * (issue 19): (re)makes the named database on the PostgreSQL server, runs the app's migrations and seeds it
 * (seed.ts), then prints what it made, how long each part took and the database's size. `npm run bench:scale`
 * reads it afterwards.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../packages/server/src/db/database.js';
import { openEmbeddedDatabase } from '../../packages/server/src/db/pglite.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { SCALE_ADMIN_EMAIL, SCALE_PASSWORD, seedScale } from './seed.js';

export const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/';
export const DEFAULT_DATABASE = 'verdant_scale';

const { values } = parseArgs({
  options: {
    hectares: { type: 'string' },
    companies: { type: 'string', default: '0' },
    scouts: { type: 'string' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? DEFAULT_SERVER },
    database: { type: 'string', default: DEFAULT_DATABASE },
    embedded: { type: 'string' },
  },
});
const hectares = Number(values.hectares);
const companies = Number(values.companies);
const scouts = values.scouts === undefined ? undefined : Number(values.scouts);
const name = values.database;
if (!(hectares >= 0 && hectares <= 1000)) throw new Error('--hectares: must be a number from 0 to 1000');
if (scouts !== undefined && !(Number.isInteger(scouts) && scouts >= 1 && scouts <= 1000)) throw new Error('--scouts: must be a whole number from 1 to 1000');
if (hectares === 0 && companies === 0) throw new Error('--companies: at least 1 with --hectares 0');
if (!(Number.isInteger(companies) && companies >= 0)) throw new Error('--companies: must be a whole number, 0 or more');
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database: lower-case letters, digits and _ only');

const started = performance.now();
const embedded = values.embedded;
let db: DatabaseHandle;
let where: string;
if (embedded !== undefined) {
  if (embedded.trim() === '') throw new Error('--embedded: a data directory');
  await fs.rm(embedded, { recursive: true, force: true });
  db = await openEmbeddedDatabase(embedded);
  where = `embedded data directory ${embedded}`;
} else {
  const server = new pg.Client({ connectionString: values['database-url'] });
  await server.connect();
  await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await server.query(`CREATE DATABASE ${name}`);
  await server.end();
  const url = new URL(values['database-url']);
  url.pathname = `/${name}`;
  // Migrated on a pool of its own: the migration lock is held by a transaction on a second connection
  // (db/migration-lock.ts), which a pool of one would wait for for ever.
  const migrating = await openDatabase({ kind: 'postgres', url: url.toString() }, { max: 2 });
  try {
    await migrateToLatest(migrating.db);
  } finally {
    await migrating.close();
  }
  // One connection: the loader keeps a temporary table between its statements; no statement timeout.
  db = await openDatabase({ kind: 'postgres', url: url.toString() }, { max: 1 });
  where = `database ${name} at ${url.host}`;
}
try {
  if (embedded !== undefined) await migrateToLatest(db.db);
  console.info(`${where} made and migrated`);
  const out = await seedScale(db, { hectares, companies, scouts }, (line) => console.info(line));
  const seconds = (performance.now() - started) / 1000;
  const size = String((await db.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS s`)).rows[0]!.s);
  const n = (x: number) => x.toLocaleString('en');
  const large = out.companyId === null ? 'no large company' : `${hectares} ha company ${out.companyId} (${out.shape.rooms} rooms × ${out.shape.gridsPerRoom} grids of ${out.shape.nx} × ${out.shape.ny}, ${out.shape.scouts} scouts)`;
  console.info(`\n${embedded ?? name}: ${large} and ${companies} small companies, ${n(out.users)} users, in ${(seconds / 60).toFixed(1)} min; ${size}\n`);
  console.info('| table | large company | small companies |');
  console.info('|:---|---:|---:|');
  for (const [table, rows] of Object.entries(out.large)) console.info(`| ${table} | ${n(rows)} | ${n(out.small[table] ?? 0)} |`);
  console.info(`\nsign in as ${SCALE_ADMIN_EMAIL} / ${SCALE_PASSWORD}; then: npm run bench:scale${embedded ? ` -- --embedded ${embedded}` : ''}`);
} finally {
  await db.close();
}
// On disk after the close (the embedded session flushes then).
if (embedded) console.info(`data directory on disk: ${execFileSync('du', ['-sh', embedded]).toString().split('\t')[0]}`);
