import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    cwd: path.join(here, '..'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      VERDANT_COMPANY_NAME: 'Shutdown Test Farm',
      VERDANT_ADMIN_EMAIL: 'owner@shutdown.test',
      VERDANT_ADMIN_PASSWORD: 'shutdown-password',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

describe('server process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it('serves on the embedded database, shuts down cleanly on SIGTERM and keeps what it stored', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-server-'));
    dirs.push(dataDir);
    const { child, url, output } = await startServer(dataDir);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'success' });
    const sent = await fetch(`${url}/api/contact_us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Kept after shutdown?' }),
    });
    expect(sent.status).toBe(200);

    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).not.toMatch(/unhandled|uncaught/i);

    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    const rows = await db.query<{ message: string }>('select message from contact_messages');
    const companies = await db.query<{ company_name: string }>('select company_name from companies');
    await db.close();
    expect(rows.rows.map((r) => r.message)).toEqual(['Kept after shutdown?']);
    expect(companies.rows.map((r) => r.company_name)).toEqual(['Shutdown Test Farm']);
  }, 120_000);
});
