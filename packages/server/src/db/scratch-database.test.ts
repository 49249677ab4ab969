import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openScratchDatabase } from './scratch-database.js';
import { openDatabase } from './database.js';
import { dumpEmbeddedImage, openEmbeddedDatabase } from './pglite.js';

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('openScratchDatabase', () => {
  it('names an in-memory embedded PGlite, opened in this process without a server', { timeout: 60_000 }, async () => {
    const scratch = await openScratchDatabase({ prefix: 'verdant_test' });
    expect(scratch.label).toBe('embedded PGlite');
    expect(scratch.target).toEqual({ kind: 'embedded', dir: undefined });
    const handle = await openDatabase(scratch.target);
    try {
      expect((await handle.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
      await scratch.drop();
    }
  });

  it('keeps the embedded PGlite in dir when one is given', { timeout: 60_000 }, async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-scratch-'));
    try {
      const dir = path.join(tmp, 'pgdata');
      const scratch = await openScratchDatabase({ dir, prefix: 'verdant_test' });
      const handle = await openDatabase(scratch.target);
      try {
        await handle.query('CREATE TABLE t (x int)');
        expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
        // The files hold every account: only the server's own user may read them.
        expect(fs.statSync(dir).mode & 0o077).toBe(0);
        // One process at a time: a second opener is refused, with the folder named.
        await expect(openDatabase(scratch.target)).rejects.toThrow(/already open in this process/);
      } finally {
        await handle.close();
        await scratch.drop();
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('refuses a prefix or template that is not a plain identifier', async () => {
    await expect(openScratchDatabase({ prefix: 'x; DROP DATABASE postgres' })).rejects.toThrow(/invalid prefix/);
    await expect(openScratchDatabase({ prefix: 'ok', template: 'x; DROP' })).rejects.toThrow(/invalid template/);
  });

  it('starts an in-memory PGlite from a dumped image, with what was written before the dump', { timeout: 60_000 }, async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-image-'));
    try {
      const file = path.join(tmp, 'image.tar');
      await dumpEmbeddedImage(file, async (h) => {
        await h.query('CREATE TABLE kept (x int)');
        await h.query('INSERT INTO kept VALUES (41), (42)');
      });
      const scratch = await openScratchDatabase({ prefix: 'verdant_test', image: file });
      const first = await openDatabase(scratch.target);
      const second = await openDatabase(scratch.target);
      try {
        await first.query('INSERT INTO kept VALUES (43)');
        expect((await first.query('SELECT count(*)::int AS n FROM kept')).rows).toEqual([{ n: 3 }]);
        // Each opener gets its own copy: the image itself never changes.
        expect((await second.query('SELECT count(*)::int AS n FROM kept')).rows).toEqual([{ n: 2 }]);
      } finally {
        await first.close();
        await second.close();
      }
      // An image is for in-memory databases only: a data directory keeps its own files.
      await expect(openEmbeddedDatabase(path.join(tmp, 'dir'), file)).rejects.toThrow(/in-memory/);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!serverUrl)('makes a fresh <prefix>_<hex> database on the server and drops it', async () => {
    const db = await openScratchDatabase({ serverUrl, prefix: 'verdant_test', connectVia: null });
    const url = db.target.kind === 'postgres' ? db.target.url : '';
    let name: string | undefined;
    let dropped = false;
    try {
      expect(db.label).toBe(`PostgreSQL at ${new URL(serverUrl!).host}`);
      const [row] = await query<{ name: string }>(url, 'SELECT current_database() AS name');
      name = row!.name;
      expect(name).toMatch(/^verdant_test_[0-9a-f]{12}$/);
      // An open connection does not stop the drop (WITH (FORCE)).
      const held = new pg.Client({ connectionString: url });
      await held.connect();
      held.on('error', () => {});
      await db.drop();
      dropped = true;
      await held.end().catch(() => {});
    } finally {
      if (!dropped) await db.drop();
    }
    expect(await query(serverUrl!, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).toEqual([]);
  });

  it.skipIf(!serverUrl)('makes the database from a template when one is named', async () => {
    const template = await openScratchDatabase({ serverUrl, prefix: 'verdant_template', connectVia: null });
    const templateUrl = template.target.kind === 'postgres' ? template.target.url : '';
    try {
      await query(templateUrl, 'CREATE TABLE kept (x int)');
      await query(templateUrl, 'INSERT INTO kept VALUES (7)');
      const templateName = new URL(templateUrl).pathname.slice(1);
      const db = await openScratchDatabase({ serverUrl, prefix: 'verdant_test', template: templateName, connectVia: null });
      try {
        const url = db.target.kind === 'postgres' ? db.target.url : '';
        expect(await query(url, 'SELECT x FROM kept')).toEqual([{ x: 7 }]);
      } finally {
        await db.drop();
      }
    } finally {
      await template.drop();
    }
  });
});
