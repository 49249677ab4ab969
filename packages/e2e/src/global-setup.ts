import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV, FIRST_START, E2E_ONNX_MODEL } from './env';
import { tinyColourClassifier } from '../../server/src/test/fixtures/tiny-onnx';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const serverEntry = path.join(repoRoot, 'packages/server/src/server.ts');
const webIndex = path.join(repoRoot, 'packages/web/dist/index.html');

const STARTUP_TIMEOUT_MS = 120_000;
const SHUTDOWN_TIMEOUT_MS = 20_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function tail(file: string, lines = 60): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during start-up (code ${child.exitCode}, signal ${child.signalCode}).\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      const body = await res.text();
      if (res.ok && JSON.parse(body).status === 'success') return;
      last = `${res.status} ${body.slice(0, 200)}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within ${STARTUP_TIMEOUT_MS / 1000}s (last: ${last}).\n${tail(logFile)}`);
}

function waitForExit(child: ChildProcess, ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/**
 * Starts the real server (tsx on packages/server/src/server.ts, serving the built web app) on a free
 * loopback port with a fresh DATA_DIR and a first-start SuperAdmin; the returned function stops it with
 * SIGTERM and fails the run unless it exits cleanly.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(webIndex)) {
    throw new Error(`${webIndex} is missing: build the web app first (\`npm run test:e2e\` at the root does).`);
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdant-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  // One small generated ONNX classifier, so the phone-and-server parity spec (onnx-phone) has a model to run.
  const modelDir = path.join(dataDir, 'models');
  fs.mkdirSync(modelDir);
  fs.writeFileSync(path.join(modelDir, `${E2E_ONNX_MODEL.name}.onnx`), tinyColourClassifier(E2E_ONNX_MODEL.side));
  fs.writeFileSync(path.join(modelDir, `${E2E_ONNX_MODEL.name}.labels.txt`), `${E2E_ONNX_MODEL.labels.join('\n')}\n`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    VERDANT_COMPANY_NAME: FIRST_START.companyName,
    VERDANT_ADMIN_EMAIL: FIRST_START.adminEmail,
    VERDANT_ADMIN_PASSWORD: FIRST_START.adminPassword,
    VERDANT_DEMO: '0',
    AI_MODEL_DIR: modelDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
  };
  // The specs run against the embedded database and the outbox folder, whatever the caller's shell says.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.JWT_SECRET;

  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);

  try {
    await waitForHealth(`${baseURL}/api/health`, child, logFile);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  console.info(`[e2e] server up at ${baseURL} (DATA_DIR ${dataDir}, log ${logFile})`);

  process.env[ENV.baseURL] = baseURL;
  process.env[ENV.dataDir] = dataDir;
  process.env[ENV.companyName] = FIRST_START.companyName;
  process.env[ENV.adminEmail] = FIRST_START.adminEmail;
  process.env[ENV.adminPassword] = FIRST_START.adminPassword;

  return async function globalTeardown() {
    child.kill('SIGTERM');
    const exit = await waitForExit(child, SHUTDOWN_TIMEOUT_MS);
    if (!exit) {
      child.kill('SIGKILL');
      throw new Error(`The server did not stop within ${SHUTDOWN_TIMEOUT_MS / 1000}s of SIGTERM.\n${tail(logFile)}`);
    }
    if (exit.code !== 0) {
      throw new Error(`The server did not exit cleanly on SIGTERM (code ${exit.code}, signal ${exit.signal}).\n${tail(logFile)}`);
    }
    if (process.env.E2E_KEEP_DATA) console.info(`[e2e] kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
