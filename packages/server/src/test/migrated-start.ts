import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { dumpEmbeddedImage } from '../db/pglite.js';

/**
 * Vitest global set-up of the server tests: migrates one database before any test file runs, and every test app
 * starts from a copy of it (buildTestApp). A fresh embedded PGlite spends seconds in initdb and the migrations;
 * loading a dumped image takes about one. On a server, each test database is made from a migrated template.
 * The variables are read by build-test-app.ts; the workers inherit them.
 */
export const IMAGE_VARIABLE = 'VERDANT_TEST_PGLITE_IMAGE';
export const TEMPLATE_VARIABLE = 'VERDANT_TEST_TEMPLATE';

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `verdant_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    process.env[TEMPLATE_VARIABLE] = name;
    return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-image-'));
  const file = path.join(dir, 'migrated.tar');
  await dumpEmbeddedImage(file, (handle) => migrateToLatest(handle.db));
  process.env[IMAGE_VARIABLE] = file;
  return () => fs.rm(dir, { recursive: true, force: true });
}
