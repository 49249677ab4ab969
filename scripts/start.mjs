#!/usr/bin/env node
/**
 * `npm start`: builds the web app only when its inputs changed since the build in packages/web/dist,
 * then runs the server in this process's place (same stdio, same signals).
 *
 * The inputs are everything `vite build` reads: the web sources, index.html, public/, the Vite and
 * TypeScript config, the contract's sources (the web imports them) and the lockfile. Their hash is
 * written to dist/.build-stamp after a successful build; a matching stamp means the build is current.
 * VERDANT_REBUILD=1 forces a build.
 */
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.build-stamp');

const INPUTS = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/tsconfig.json',
  'packages/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];
// Tests do not reach the bundle; skipping them keeps a test edit from costing a rebuild.
const SKIP = /(^|\/)(__tests__|node_modules)(\/|$)|\.test\.tsx?$/;

function files(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .filter((f) => !SKIP.test(f));
}

export function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return fs.readFileSync(stampFile, 'utf8').trim();
  } catch {
    return null;
  }
}

function build(hash) {
  const started = Date.now();
  process.stdout.write('Building the web app (its sources changed since the last build)…\n');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (res.status !== 0) {
    process.stderr.write('The web app did not build; see the errors above.\n');
    process.exit(res.status ?? 1);
  }
  fs.writeFileSync(stampFile, `${hash}\n`);
  process.stdout.write(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

const hash = inputsHash();
const current = process.env.VERDANT_REBUILD !== '1' && fs.existsSync(path.join(dist, 'index.html')) && readStamp() === hash;
if (current) process.stdout.write('Web app build is up to date.\n');
else build(hash);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/server.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
