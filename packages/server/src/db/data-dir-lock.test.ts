import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

describe('lockDataDir', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-lock-'));
  const dir = path.join(tmp, 'pgdata');
  afterEach(() => fs.rmSync(`${dir}.pid`, { force: true }));

  it('claims the folder once per process and frees it on release', () => {
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.pid`, 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    release();
    expect(fs.existsSync(`${dir}.pid`)).toBe(false);
    lockDataDir(dir)();
  });

  it('refuses a folder a live process holds, and takes over one whose process died', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(`${dir}.pid`, String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.pid`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
