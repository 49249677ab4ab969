/**
 * What the proofs that start real processes share (scripts/scale-out.mjs, scripts/failover.mjs): free ports,
 * API server processes started the way `npm start` runs the server, waiting for health, stopping and logs.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nothing listens on now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @typedef {{name: string, port?: number, child: import('node:child_process').ChildProcess, logFile: string,
 *   exited: Promise<number | null>}} Proc
 */

function userIds(user) {
  const id = (flag) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts `command` with its output in `<work>/<name>.log`; `user` runs it as that user (PostgreSQL and PgBouncer refuse root). */
export function startProcess(work, name, command, args, { env = {}, user, cwd = root } = {}) {
  const logFile = path.join(work, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  // Started as the user itself (not through runuser), so the pid is the process's own: a proof can SIGKILL it.
  const ids = user && process.getuid?.() === 0 ? userIds(user) : {};
  const child = spawn(command, args, {
    cwd,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...(ids.uid !== undefined ? { HOME: cwd, USER: user } : {}), ...env },
    ...ids,
  });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, child, logFile, exited };
}

/** An API server process on `port`, as `npm start` runs it (the web build is not needed by the API). */
export function startApi(work, name, port, env) {
  const proc = startProcess(work, name, process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/server.ts')], {
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: '', LOG_LEVEL: 'info', VERDANT_DEMO: '0', ...env },
  });
  return { ...proc, port };
}

/** Polls `check` until it answers true (errors count as false); fails with `what` after `ms`. */
export async function until(what, ms, check, every = 250) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(every);
  }
}

export async function waitHealthy(server, ms = 180_000) {
  let dead = false;
  server.exited.then(() => (dead = true));
  await until(`API ${server.name} to be healthy`, ms, async () => {
    if (dead) throw new Error(`API ${server.name} exited before it was healthy`);
    const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    return res.ok && (await res.json()).status === 'success';
  });
}

/** SIGTERM, then SIGKILL after `graceMs`; already stopped processes are skipped. */
export async function stopAll(procs, graceMs = 15_000) {
  await Promise.all(
    procs.map(async (p) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      p.child.kill('SIGTERM');
      const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
      await p.exited;
      clearTimeout(timer);
    }),
  );
}

export function printLogs(procs, lines = 60) {
  for (const p of procs) {
    const text = fs.existsSync(p.logFile) ? fs.readFileSync(p.logFile, 'utf8') : '';
    process.stdout.write(`\n----- ${p.name} log (last ${lines} lines) -----\n${text.split('\n').slice(-lines).join('\n')}\n`);
  }
}

/**
 * Runs vitest on one folder of the server project (all of it without one) with `env` added; resolves its exit code.
 * Its output goes to ours as it comes and is kept in `output.text` too: a failing proof prints its processes' logs
 * after it, and CI shows only the end, so the proof prints vitest's failures again last.
 */
export function runServerTests(folder, env, output = { text: '' }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', ...(folder ? [folder] : [])], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      from.on('data', (chunk) => {
        to.write(chunk);
        output.text += chunk.toString();
      });
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** vitest's failure report out of its output (from the first FAIL line), colours removed, at most `lines` lines. */
export function failuresOf(text, lines = 80) {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  const at = plain.search(/^\s*(FAIL|⎯+ Failed Tests)/m);
  return (at >= 0 ? plain.slice(at) : plain).split('\n').slice(0, lines).join('\n');
}
