import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { dumpEmbeddedImage } from '../db/pglite.js';
import { openScratchDatabase } from '../db/scratch-database.js';

/**
 * Vitest global set-up of the server tests: migrates one database before any test file runs, and every test app
 * starts from a copy of it (buildTestApp). A fresh embedded PGlite spends seconds in initdb and the migrations;
 * loading a dumped image takes about one. On a server, each test database is made from a migrated template.
 * The variables are read by build-test-app.ts; the workers inherit them.
 */
export const IMAGE_VARIABLE = 'VERDANT_TEST_PGLITE_IMAGE';
export const TEMPLATE_VARIABLE = 'VERDANT_TEST_TEMPLATE';

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await openScratchDatabase({ serverUrl, prefix: 'verdant_template', connectVia: null });
    const handle = await openDatabase(template.target);
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    if (template.target.kind !== 'postgres') throw new Error('migrated-start: a server database was expected');
    process.env[TEMPLATE_VARIABLE] = new URL(template.target.url).pathname.slice(1);
    return () => template.drop();
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-image-'));
  const file = path.join(dir, 'migrated.tar');
  await dumpEmbeddedImage(file, (handle) => migrateToLatest(handle.db));
  process.env[IMAGE_VARIABLE] = file;
  return () => fs.rm(dir, { recursive: true, force: true });
}
